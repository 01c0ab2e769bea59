// The offline page (offline.html) in the visitor's language, and its retry button.
(() => {
  const chosen = document.cookie.match(/(?:^|; )lang=([a-z]{2})/)?.[1];
  const section = chosen && document.querySelector(`section[lang="${chosen}"]`);
  if (section) {
    for (const other of document.querySelectorAll('section[lang]')) other.hidden = other !== section;
    document.documentElement.lang = chosen;
    document.title = section.querySelector('h1').textContent;
  }
  for (const button of document.querySelectorAll('.retry')) button.addEventListener('click', () => location.reload());
})();
