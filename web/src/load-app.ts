/**
 * /load-app.js, on a page whose first screen the server rendered (server/src/http/app-page.ts):
 * the app's scripts wait in <template id="app-scripts"> until the page and the photos it shows
 * have loaded, so that a phone spends its bandwidth and processor on the screen the visitor sees
 * first (the screen shows and its links work without them). Then this adds them, and React takes
 * the screen over. A page whose photos are slow gets them after a few seconds all the same.
 * A classic script without imports: it must not share a chunk with the app.
 */
const LATEST_MS = 3000;

function addAppScripts() {
  const template = document.getElementById('app-scripts');
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  // Elements made here, not the template's copies, so that the browser runs them.
  for (const tag of Array.from(template.content.children)) {
    const element = document.createElement(tag.tagName);
    for (const { name, value } of Array.from(tag.attributes)) element.setAttribute(name, value);
    document.head.append(element);
  }
}

function afterLoad() {
  // One paint after the load, so that the photos that came last are on the screen first.
  requestAnimationFrame(() => setTimeout(addAppScripts));
}

if (document.readyState === 'complete') afterLoad();
else {
  addEventListener('load', afterLoad, { once: true });
  setTimeout(addAppScripts, LATEST_MS);
}
