import { Window } from 'happy-dom';

/**
 * Installs a happy-dom window as the global DOM for React component tests. Import it before
 * React or @testing-library/react. `resetDom()` empties the body and storage between tests.
 */
const window = new Window({ url: 'http://localhost/' });
const g = globalThis as Record<string, unknown>;
for (const key of [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'HTMLInputElement',
  'Node',
  'Element',
  'Event',
  'KeyboardEvent',
  'MouseEvent',
  'CustomEvent',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'MutationObserver',
  'DocumentFragment',
  'Text',
  'FileReader',
  'File',
  'Blob',
  'FormData',
  'URLSearchParams',
] as const) {
  if (key === 'URLSearchParams' || key === 'FormData' || key === 'Blob' || key === 'File') continue;
  Object.defineProperty(g, key, { value: (window as unknown as Record<string, unknown>)[key], configurable: true, writable: true });
}
// Bare addEventListener (window's own), as a browser has: wouter listens for history changes with it.
for (const key of ['addEventListener', 'removeEventListener', 'dispatchEvent'] as const) {
  Object.defineProperty(g, key, { value: window[key].bind(window), configurable: true, writable: true });
}
g.IS_REACT_ACT_ENVIRONMENT = true;

export function resetDom(path = '/') {
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  window.happyDOM.setURL(`http://localhost${path}`);
}
export { window };
