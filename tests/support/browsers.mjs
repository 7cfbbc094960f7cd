// Launching the machine's own browsers for tests: Debian's Chromium through playwright-core,
// Debian's Firefox ESR through puppeteer-core (WebDriver BiDi), and Debian's WebKitGTK (the engine
// of Safari) through its WebDriver server and selenium-webdriver. Nothing is downloaded.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { kept } from './kept.mjs';

export const CHROMIUM = process.env.WTF8_CHROMIUM ?? '/usr/bin/chromium';
export const FIREFOX = process.env.WTF8_FIREFOX ?? '/usr/bin/firefox-esr';
/** WebKitGTK's WebDriver server and the browser it drives (Debian's webkit2gtk-driver). */
export const WEBKIT_DRIVER = process.env.WTF8_WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.WTF8_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** The virtual display MiniBrowser needs (Debian's xvfb): it has no headless mode. */
export const XVFB = process.env.WTF8_XVFB ?? '/usr/bin/Xvfb';

/** Why WebKit cannot run here (a skip message), or false when it can. */
export const noWebKit = (() => {
  const absent = [WEBKIT_DRIVER, MINIBROWSER, XVFB].filter((file) => !existsSync(file));
  return absent.length > 0 && `no WebKit: ${absent.join(', ')} missing (bash scripts/setup.sh installs it)`;
})();

// Without the background-networking flags Chromium keeps trying to reach Google's hosts, which
// this machine's closed network refuses.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches headless Chromium. Returns `{ context, newPage, close }`. By default the profile is a
 * fresh directory that `close()` removes; given `profile`, it runs on that directory and `close()`
 * keeps it, so that a later launch on it finds what this one stored.
 */
export async function launchChromium({ profile } = {}) {
  const { chromium } = await import('playwright-core');
  const dir = profile ?? mkdtempSync(join(tmpdir(), 'wtf8-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  return {
    context,
    async newPage() {
      return context.newPage();
    },
    async close() {
      await context.close();
      if (profile === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Launches headless Firefox ESR over WebDriver BiDi. Returns `{ browser, newPage, close }`; the
 * profile as for `launchChromium`: fresh and removed by `close()`, or the given `profile`, kept.
 * A fresh profile, or an empty `profile` directory, starts as a copy of a profile Firefox has
 * already set up (`firefoxTemplate`): nothing any page stored is in it.
 */
export async function launchFirefox({ profile } = {}) {
  const puppeteer = (await import('puppeteer-core')).default;
  const dir = profile ?? mkdtempSync(join(tmpdir(), 'wtf8-firefox-'));
  if (readdirSync(dir).length === 0) {
    // (The lock files of the Firefox that made it, which a copy must not carry.)
    cpSync(await firefoxTemplate(puppeteer), dir, {
      recursive: true,
      filter: (path) => !/[/\\](lock|\.parentlock)$/.test(path),
    });
  }
  const browser = await launchFirefoxOn(puppeteer, dir);
  return {
    browser,
    async newPage() {
      return browser.newPage();
    },
    async close() {
      await browser.close();
      if (profile === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

const launchFirefoxOn = (puppeteer, userDataDir) =>
  puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, userDataDir });

/**
 * The directory of a Firefox profile that one launch has set up (an about:blank page opened, the
 * browser closed), kept between runs for this Firefox build and this puppeteer-core (`kept`):
 * Firefox spends most of a launch on a new profile creating it (its databases, the add-on
 * registry, the startup cache, 36 MB). Launch, about:blank and close, each alone on an idle
 * machine (2 Dec 2026, Firefox 153.8 ESR): a new profile 9.4 CPU-s and 6.4 s, a copy of this one
 * 5.9 CPU-s and 3.9 s; copying only its startup cache saved nothing.
 */
async function firefoxTemplate(puppeteer) {
  const binary = realpathSync(FIREFOX);
  const { size, mtimeMs } = statSync(binary);
  const client = createRequire(import.meta.url)('puppeteer-core/package.json').version;
  const key = createHash('sha256').update(`${binary} ${size} ${mtimeMs} puppeteer-core ${client}`).digest('hex');
  return kept(`wtf8-firefox-profile-${key.slice(0, 16)}`, async (dir) => {
    const browser = await launchFirefoxOn(puppeteer, dir);
    try {
      await (await browser.newPage()).goto('about:blank');
    } finally {
      await browser.close();
    }
  });
}

/** `promise`, or a rejection that says `what` and `hint` after `ms`: no WebKit wait is unbounded. */
async function within(ms, what, promise, hint = '') {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`WebKit: ${what}: no answer after ${ms} ms${hint && `; ${hint}`}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A TCP port that was free a moment ago (WebKitWebDriver takes a port number, not 0). */
async function freePort() {
  const server = createServer();
  await new Promise((ok, fail) => server.once('error', fail).listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/** Ends a process group started with `detached: true` (the process and all it started). */
function killGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

// Installed in each page after it loads: WebKitWebDriver 2.50 speaks WebDriver classic only (a
// session asking for `webSocketUrl`, WebDriver BiDi, fails to match capabilities), which has no
// console or network events, and MiniBrowser does not apply its console-to-stdout setting to the
// views of an automation session. So `page.on('pageerror' | 'console')` sees what happens in a
// page from the moment `goto` returns (uncaught errors, unhandled rejections, console.error),
// collected here and handed over with each `evaluate`; nothing of the load itself, and no
// 'requestfailed' or 'response' at all. Suites learn of load failures from their page reports
// (a module that fails to load sends none) and their servers' request logs.
const HOOKS = `if (!globalThis.__wtf8Events) {
  const events = (globalThis.__wtf8Events = []);
  addEventListener('error', (e) => events.push({ type: 'pageerror', text: e.message ?? String(e.error) }));
  addEventListener('unhandledrejection', (e) => events.push({ type: 'pageerror', text: String(e.reason?.message ?? e.reason) }));
  const error = console.error;
  console.error = (...args) => { events.push({ type: 'console', text: args.map(String).join(' ') }); return error.apply(console, args); };
}`;

/**
 * Launches WebKitGTK's MiniBrowser (WebKit, Safari's engine) on its own Xvfb display, driven by
 * WebKitWebDriver over WebDriver classic. Returns `{ driver, version, newPage, close }`;
 * `newPage()` gives a page with the part of the playwright/puppeteer page API the suites use:
 * `goto(url)`, `reload()`, `evaluate(fn, arg)`, `waitForFunction(fn, { timeout }, arg)`,
 * `waitForSelector(selector, { timeout })`, `title()`, `on(event, handler)` (see HOOKS above for
 * which events it can see) and `close()`.
 *
 * The client is selenium-webdriver, used as a plain WebDriver classic client (its `WebDriver` and
 * HTTP executor over a server we start ourselves): the Selenium project's own, kept up with the
 * W3C specification, small (four dependencies, ws already ours), and it reports WebDriver errors
 * (script timeouts, stale windows) as typed errors. WebdriverIO's `webdriver` was the other
 * candidate; it pulls in its driver-downloading utilities and asks for WebDriver BiDi by default,
 * which WebKitWebDriver refuses.
 *
 * Sessions are always ephemeral: MiniBrowser in automation mode (the only mode in which a
 * session starts) keeps its website data in memory, so nothing survives `close()`, and there is
 * no profile to reuse. Code units cross the protocol intact: WebKitWebDriver's JSON escapes lone
 * surrogates both ways (measured with 2.50.6).
 *
 * Every step is bounded: `POST /session` hangs with no error when MiniBrowser cannot start
 * (no `--automation`, no display), so the launch fails after `timeout` ms naming that cause.
 * `close()` ends the session, the driver, the browser and the display (their process groups)
 * and never hangs.
 */
export async function launchWebKit({ timeout = 30_000 } = {}) {
  if (noWebKit) throw new Error(noWebKit);
  const { WebDriver } = await import('selenium-webdriver');
  const { Executor, HttpClient } = await import('selenium-webdriver/http/index.js');
  // A home of its own: MiniBrowser and its helpers write caches (mesa, gstreamer, dconf) there.
  const dir = mkdtempSync(join(tmpdir(), 'wtf8-webkit-'));
  const children = [];
  const stop = () => children.forEach(killGroup);
  process.once('exit', stop);
  const close = async () => {
    stop();
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null || child.signalCode !== null
          ? null
          : within(5_000, 'process exit', new Promise((ok) => child.once('exit', ok))).catch(() => {}),
      ),
    );
    process.removeListener('exit', stop);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Xvfb picks a free display number and writes it to fd 3.
    const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(xvfb);
    let xvfbLog = '';
    xvfb.stderr.on('data', (data) => (xvfbLog += data));
    const display = await within(
      10_000,
      'Xvfb',
      new Promise((ok, fail) => {
        let out = '';
        xvfb.stdio[3].on('data', (data) => {
          out += data;
          if (out.includes('\n')) ok(`:${out.trim()}`);
        });
        xvfb.once('error', fail);
        xvfb.once('exit', (code) => fail(new Error(`Xvfb exited ${code}: ${xvfbLog}`)));
      }),
    );
    const env = { ...process.env, DISPLAY: display, HOME: dir, XDG_CACHE_HOME: join(dir, 'cache') };
    for (const key of ['XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'XDG_RUNTIME_DIR', 'WAYLAND_DISPLAY']) delete env[key];
    mkdirSync(env.XDG_CACHE_HOME);

    const port = await freePort();
    const server = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env, stdio: 'ignore', detached: true });
    children.push(server);
    const url = `http://127.0.0.1:${port}`;
    await within(
      10_000,
      'WebKitWebDriver',
      (async () => {
        for (;;) {
          if (server.exitCode !== null) throw new Error(`WebKitWebDriver exited ${server.exitCode}`);
          try {
            if ((await fetch(`${url}/status`)).ok) return;
          } catch {
            // Not listening yet.
          }
          await sleep(50);
        }
      })(),
    );
    const driver = WebDriver.createSession(new Executor(new HttpClient(url)), {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    });
    const session = await within(
      timeout,
      'POST /session',
      driver.getSession(),
      `MiniBrowser did not start (it needs --automation and the display ${display}); ` +
        `run it by hand to see why: DISPLAY=${display} ${MINIBROWSER} --automation`,
    );
    // A script may run for minutes (the route check); a page must load in one.
    await within(10_000, 'set timeouts', driver.manage().setTimeouts({ script: 300_000, pageLoad: 60_000 }));
    const home = await driver.getWindowHandle();
    return {
      driver,
      version: session.getCapabilities().get('browserVersion'),
      newPage: () => newWebKitPage(driver, home),
      async close() {
        await within(10_000, 'end the session', driver.quit()).catch(() => {});
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The window in focus now, for each driver: the pages switch to theirs before each command. */
const focused = new WeakMap();
/** Each driver's commands, one at a time (switching windows and running a command must not interleave). */
const queues = new WeakMap();

async function newWebKitPage(driver, home) {
  const run = (step) => {
    const next = (queues.get(driver) ?? Promise.resolve()).catch(() => {}).then(step);
    queues.set(driver, next);
    return next;
  };
  const handle = await run(async () => {
    await driver.switchTo().window(home);
    await driver.switchTo().newWindow('tab');
    const handle = await driver.getWindowHandle();
    focused.set(driver, handle);
    return handle;
  });
  /** Runs `step` with this page's window in focus. */
  const inPage = (step) =>
    run(async () => {
      if (focused.get(driver) !== handle) {
        await driver.switchTo().window(handle);
        focused.set(driver, handle);
      }
      return step();
    });
  const handlers = { console: [], pageerror: [] };
  const dispatch = (events) => {
    for (const { type, text } of events) {
      if (type === 'console') for (const h of handlers.console) h({ type: () => 'error', text: () => text });
      else for (const h of handlers.pageerror) h(new Error(text));
    }
  };
  const load = async (step) => {
    await step();
    await driver.executeScript(HOOKS);
  };
  return {
    goto: (url) => inPage(() => load(() => driver.get(url))),
    reload: () => inPage(() => load(() => driver.navigate().refresh())),
    title: () => inPage(() => driver.getTitle()),
    /**
     * Runs `fn(arg)` in the page (awaited if it returns a promise) and resolves to its result.
     * `fn` crosses as its source text, `arg` and the result as JSON: pass strings with lone
     * surrogates as they are (WebKitWebDriver escapes them), other values as JSON allows.
     */
    async evaluate(fn, arg) {
      if (typeof fn !== 'function') throw new TypeError('evaluate takes a function');
      const script = `const done = arguments[arguments.length - 1];
const drain = () => globalThis.__wtf8Events?.splice(0) ?? [];
Promise.resolve(arguments[0].arg).then((${fn.toString()})).then(
  (value) => done({ value: value === undefined ? null : value, events: drain() }),
  (error) => done({ error: String(error && error.stack ? error.message + '\\n' + error.stack : error), events: drain() }),
);`;
      const { value, error, events } = await inPage(() => driver.executeAsyncScript(script, { arg }));
      dispatch(events);
      if (error !== undefined) throw new Error(`evaluate: ${error}`);
      return value;
    },
    /** Polls `fn(arg)` in the page until it is truthy; rejects after `timeout` ms (puppeteer's order). */
    async waitForFunction(fn, { timeout = 30_000 } = {}, arg) {
      const deadline = Date.now() + timeout;
      while (!(await this.evaluate(fn, arg))) {
        if (Date.now() > deadline) throw new Error(`WebKit: waitForFunction: not true after ${timeout} ms: ${fn}`);
        await sleep(50);
      }
    },
    /** Waits until `selector` matches an element. */
    waitForSelector(selector, { timeout = 30_000 } = {}) {
      return this.waitForFunction((s) => document.querySelector(s) !== null, { timeout }, selector);
    },
    /** 'console' (errors) and 'pageerror' after the load; other events are never emitted (HOOKS). */
    on(event, handler) {
      handlers[event]?.push(handler);
    },
    close: () =>
      inPage(async () => {
        await driver.close();
        await driver.switchTo().window(home);
        focused.set(driver, home);
      }),
  };
}
