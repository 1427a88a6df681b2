// The page's only script (the full page; a fragment has none and reads the same): copy buttons for fix commands
// and sorting of tables by a click on a header. It reads the DOM only; it loads nothing and sends nothing.
export const SCRIPT = `(() => {
  const root = document.querySelector('.gpuenv-report');
  if (!root) return;
  for (const b of root.querySelectorAll('button.copy')) {
    b.addEventListener('click', async () => {
      const code = b.parentElement.querySelector('code');
      const text = code ? code.textContent : '';
      let ok = false;
      try {
        await navigator.clipboard.writeText(text);
        ok = true;
      } catch {
        // file:// pages and old browsers: copy the selection instead.
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
  }
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
  for (const table of root.querySelectorAll('table.sortable')) {
    const heads = [...table.tHead.rows[0].cells];
    heads.forEach((th, i) => {
      th.tabIndex = 0;
      th.setAttribute('aria-sort', 'none');
      const sort = () => {
        const dir = th.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending';
        for (const h of heads) h.setAttribute('aria-sort', 'none');
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
  }
})();`;
