// A tiny element builder, so the rendering code reads like the markup it makes.

/**
 * `h('td', { class: 'x', 'data-testid': 'y', onclick: fn }, 'text', child)` → an element.
 * Attribute values `null`, `undefined` and `false` are left out; `true` sets an empty attribute.
 * Children may be strings, numbers, nodes, arrays of those, or null/false (skipped).
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces the children of `element`. */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}
