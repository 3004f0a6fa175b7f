// Random names as CSS-in-JS apps make them: new on every load (the hard part of random-ids and recorder).
const rnd = (n) => Math.random().toString(36).slice(2, 2 + n).padEnd(n, '0');
const cls = () => `css-${rnd(6)}`;
const id = () => `${['r', 'f', 'in', 'fld'][Math.floor(Math.random() * 4)]}-${rnd(5)}`;
const wrap = (html) => (Math.random() < 0.5 ? html : `<div class="${cls()}">${html}</div>`);
