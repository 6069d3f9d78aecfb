/** One language's wording of the offline page. */
export interface OfflineText {
  readonly lang: string;
  readonly dir: 'ltr' | 'rtl';
  /** The document title, in the language's title template. */
  readonly documentTitle: string;
  readonly title: string;
  readonly message: string;
  readonly retry: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? character);

const styles = `
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;
background:light-dark(#fff,#121212);color:light-dark(#161618,#f2f2f3)}
body{margin:0;min-block-size:100dvh;display:grid;place-items:center;padding-inline:24px;box-sizing:border-box}
main{display:grid;justify-items:center;gap:16px;max-inline-size:420px;text-align:center}
h1{margin:0;font-size:1.5rem;line-height:1.25}
p{margin:0;line-height:1.5;color:light-dark(#5b5b66,#a8a8b0)}
button{min-block-size:44px;padding-block:10px;padding-inline:24px;border:0;border-radius:999px;background:#7c3aed;color:#fff;
font:inherit;font-weight:700;cursor:pointer}
button:hover{background:#6d28d9}
button:focus-visible{outline:3px solid light-dark(#6d28d9,#c4b5fd);outline-offset:3px}`;

/** Where the offline page's script is served: a file of its own, as the site's CSP allows no inline script. */
export const OFFLINE_SCRIPT = 'offline.js';

/*
 * Runs in the offline page: it picks the language as the server would (?lang, then the setLang cookie,
 * then the browser's languages) and the theme from prefersDarkScheme. It does not reload by itself on
 * the `online` event: browsers also fire it while a navigation away is starting, and the reload won.
 */
const script = `
const cookie=(name)=>{const pair=document.cookie.split('; ').find((c)=>c.startsWith(name+'='));return pair&&decodeURIComponent(pair.slice(name.length+1))};
const pick=(value)=>value&&TEXTS[value.slice(0,2).toLowerCase()];
const text=pick(new URLSearchParams(location.search).get('lang'))||pick(cookie('setLang'))||navigator.languages.map(pick).find(Boolean)||TEXTS.en;
const root=document.documentElement;
root.lang=text.lang;root.dir=text.dir;document.title=text.documentTitle;
for(const key of ['title','message','retry'])document.getElementById(key).textContent=text[key];
const theme=cookie('prefersDarkScheme');if(theme==='1'||theme==='2')root.style.colorScheme=theme==='2'?'dark':'light';
document.getElementById('retry').addEventListener('click',()=>location.reload());`;

const mark = `<svg viewBox="0 0 32 32" width="56" height="56" aria-hidden="true"><rect width="32" height="32" rx="9" fill="#7c3aed"/>
<path d="m9 10 7 13 7-13" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** The offline page's script, carrying every language's wording. */
export function renderOfflineScript(texts: Readonly<Record<string, OfflineText>>): string {
  return `{const TEXTS=${JSON.stringify(texts)};${script}}\n`;
}

/**
 * The page the service worker shows for a page it cannot load nor has kept: one static file, English in
 * the markup so it reads right even without scripts; its script (renderOfflineScript) picks the language.
 */
export function renderOfflinePage(texts: Readonly<Record<string, OfflineText>>): string {
  const english = texts.en;
  if (!english) throw new Error('The offline page needs its English text.');
  return `<!doctype html>
<html lang="${english.lang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${escapeHtml(english.documentTitle)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${styles}</style>
</head>
<body>
<main>
${mark}
<h1 id="title">${escapeHtml(english.title)}</h1>
<p id="message">${escapeHtml(english.message)}</p>
<button id="retry" type="button">${escapeHtml(english.retry)}</button>
</main>
<script src="/${OFFLINE_SCRIPT}"></script>
</body>
</html>
`;
}
