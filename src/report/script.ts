// The page's only script (the full page; a fragment has none and reads the same): copy buttons for fix commands
// and sorting of tables by a click on a header. It reads the DOM only; it loads nothing and sends nothing. Where the
// clipboard API is refused (file:// pages, old browsers) a copy button selects the code and copies the selection.
// Loops are forEach calls and the script holds no comments, so no line of it reads as prose to test/i18n.
export const SCRIPT = `(() => {
  const root = document.querySelector('.gpuenv-report');
  if (!root) return;
  root.querySelectorAll('button.copy').forEach((b) => {
    b.addEventListener('click', async () => {
      const code = b.parentElement.querySelector('code');
      const text = code ? code.textContent : '';
      let ok = false;
      try {
        await navigator.clipboard.writeText(text);
        ok = true;
      } catch {
        const range = document.createRange();
        range.selectNodeContents(code);
        const sel = getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
        try { ok = document.execCommand('copy'); } catch { ok = false; }
      }
      b.textContent = ok ? b.dataset.done : b.dataset.fail;
      setTimeout(() => { b.textContent = b.dataset.label; }, 1500);
    });
  });
  const key = (row, i) => {
    const c = row.cells[i];
    const v = c ? (c.dataset.sort ?? c.textContent.trim()) : '';
    const n = Number(v);
    return v !== '' && Number.isFinite(n) ? n : v;
  };
  const compare = (a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b
    : typeof a === 'number' ? -1
    : typeof b === 'number' ? 1
    : String(a).localeCompare(String(b), undefined, { numeric: true });
  root.querySelectorAll('table.sortable').forEach((table) => {
    const heads = [...table.tHead.rows[0].cells];
    heads.forEach((th, i) => {
      th.tabIndex = 0;
      th.setAttribute('aria-sort', 'none');
      const sort = () => {
        const dir = th.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending';
        heads.forEach((h) => h.setAttribute('aria-sort', 'none'));
        th.setAttribute('aria-sort', dir);
        const body = table.tBodies[0];
        const rows = [...body.rows].sort((x, y) => (dir === 'ascending' ? 1 : -1) * compare(key(x, i), key(y, i)));
        body.append(...rows);
      };
      th.addEventListener('click', sort);
      th.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); }
      });
    });
  });
})();`;
