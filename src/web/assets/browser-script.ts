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
// A lesson plan being written (lessons-page.tsx): the plan stream says when a set is ready; the
// sets the page does not show yet are fetched (PlanFragment) and appended, so answers being typed
// in the sets already shown are kept. Without this script the page says to reload.
const live = document.querySelector("[data-live-plan]");
if (live && window.EventSource && window.DOMParser) {
  const source = new EventSource(live.getAttribute("data-live-plan"));
  let busy = false;
  let again = false;
  const refresh = async () => {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const shown = live.querySelectorAll("section[data-set-index]").length;
      const response = await fetch(location.pathname + "?after=" + shown, { credentials: "same-origin" });
      if (response.ok) {
        const doc = new DOMParser().parseFromString(await response.text(), "text/html");
        const status = doc.getElementById("plan-status");
        const here = document.getElementById("plan-progress");
        const there = doc.getElementById("plan-progress");
        if (status && here && there) {
          document.getElementById("plan-status").textContent = status.textContent;
          here.setAttribute("data-status", there.getAttribute("data-status"));
          for (const tag of ["progress", "ol"]) {
            const fresh = there.querySelector(tag);
            const old = here.querySelector(tag);
            if (fresh && old) old.replaceWith(document.importNode(fresh, true));
          }
        }
        const sets = doc.getElementById("plan-sets");
        for (const section of sets ? sets.querySelectorAll("section[data-set-index]") : []) {
          const index = section.getAttribute("data-set-index");
          if (!live.querySelector('section[data-set-index="' + index + '"]')) live.appendChild(document.importNode(section, true));
        }
      }
    } catch (error) {
      // The next event (or a reload) catches up.
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  };
  const finish = () => { source.close(); refresh(); };
  source.addEventListener("status", refresh);
  source.addEventListener("set", refresh);
  source.addEventListener("done", finish);
  // An "error" frame carries data (the plan failed); a dropped connection does not, and EventSource reconnects.
  source.addEventListener("error", (event) => { if (event.data !== undefined) finish(); });
}
`;
