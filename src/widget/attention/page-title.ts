/** The unseen replies of every widget of the page. */
let total = 0;
/** The title as written with a count, to tell it from one the site wrote since. */
let written = "";
/** The site's own title. */
let own = "";

/**
 * Adds `change` to the count of unseen replies before the page's title, as `(2) Title` (the widgets of a
 * page add theirs up), and gives the site's own title back exactly when none is left. A title the site
 * sets meanwhile (a single-page app moving on) becomes its own title: it is never overwritten, and gets the
 * count again at the next change.
 */
export function addToTitle(change: number): void {
  total += change;
  const current = document.title;
  if (current !== written) own = current;
  written = total > 0 ? `(${total}) ${own}` : "";
  if ((written || own) !== current) document.title = written || own;
}
