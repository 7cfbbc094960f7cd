// Loads the page's code and says so on the page if that fails (most often: the package has not
// been built, so /pkg/dist/wtf8-wasm.mjs is missing). A static import would fail silently.
const status = document.querySelector('[data-testid="load-status"]');

try {
  const { start } = await import('./app.mjs');
  start();
  status.hidden = true;
  status.textContent = '';
} catch (error) {
  status.classList.add('load-failed');
  status.textContent =
    `Could not load the wtf8-wasm package (${error && error.message ? error.message : error}). ` +
    'Build it with "node scripts/build.mjs" and serve the page with "node scripts/serve.mjs".';
  throw error;
}
