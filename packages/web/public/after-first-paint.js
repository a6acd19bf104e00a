// The web app's code for a sign-in screen the server drew in HTML (server/src/http/first-page.ts,
// issue 42): asked for only once that screen has painted, so on a slow phone the drawing does
// not share the line with 300 KB of code. The list is the page's own #rk-code data.
const code = JSON.parse(document.getElementById('rk-code')?.textContent ?? 'null');
let started = false;

function load() {
  if (started || code === null) return;
  started = true;
  for (const href of code.preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import(code.entry);
}

// After the frame that paints the drawing; a page opened in a background tab paints no frame.
requestAnimationFrame(() => setTimeout(load, 0));
setTimeout(load, 1000);
