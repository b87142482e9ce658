// Served as /assets/parla.js. Progressive enhancement only: every page works without it.
export const BROWSER_SCRIPT = `
document.addEventListener("click", (event) => {
  const copy = event.target.closest("[data-copy]");
  if (copy) {
    const source = document.getElementById(copy.getAttribute("data-copy"));
    if (source && navigator.clipboard) {
      navigator.clipboard.writeText(source.textContent.trim()).then(() => {
        copy.textContent = "Copied";
      });
    }
  }
});
document.addEventListener("submit", (event) => {
  const message = event.target.getAttribute("data-confirm");
  if (message && !window.confirm(message)) event.preventDefault();
});
`;
