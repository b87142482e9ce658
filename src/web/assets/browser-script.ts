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
// Exercises (lesson-sets.tsx): Check stays disabled until something is entered, so an empty
// check never happens (the server refuses one anyway, marking and revealing nothing).
const answered = (form) =>
  [...form.querySelectorAll("input[type=text], select")].some((f) => f.value.trim() !== "") ||
  [...form.querySelectorAll("input[type=radio]")].some((f) => f.checked);
for (const form of document.querySelectorAll("form[data-check]")) {
  const button = form.querySelector("button[type=submit]");
  if (!button) continue;
  const update = () => { button.disabled = !answered(form); };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
}
// Ordering a dialogue: instead of a list per line, the learner taps (or presses Enter/Space on)
// the lines in the order of the conversation; a placed line tapped again goes back. The script
// writes each line's position into the same fields the page sends without it.
for (const order of document.querySelectorAll("[data-order]")) {
  const rows = [...order.querySelectorAll("[data-order-line]")];
  const selects = rows.map((row) => row.querySelector("select"));
  const texts = rows.map((row) => row.querySelector("[data-order-text]"));
  if (selects.some((s) => !s) || texts.some((t) => !t)) continue;
  let placed = [];
  const byPosition = selects.map((s, i) => [Number(s.value), i]).filter(([p]) => p > 0).sort((a, b) => a[0] - b[0]);
  for (const [, i] of byPosition) if (!placed.includes(i)) placed.push(i);
  const pad = document.createElement("div");
  pad.className = "order-pad";
  const help = document.createElement("p");
  help.className = "hint";
  help.textContent = order.getAttribute("data-order-help");
  const mineTitle = document.createElement("p");
  mineTitle.className = "order-title";
  mineTitle.textContent = order.getAttribute("data-order-mine");
  const mine = document.createElement("ol");
  mine.className = "order-mine";
  mine.setAttribute("aria-live", "polite");
  const leftTitle = document.createElement("p");
  leftTitle.className = "order-title";
  leftTitle.textContent = order.getAttribute("data-order-left");
  const left = document.createElement("ul");
  left.className = "order-left";
  const clear = document.createElement("button");
  clear.type = "button";
  clear.className = "secondary";
  clear.textContent = order.getAttribute("data-order-clear");
  const lineButton = (i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "order-line";
    b.lang = texts[i].lang;
    b.textContent = texts[i].textContent;
    return b;
  };
  const render = (focusIndex) => {
    mine.replaceChildren();
    left.replaceChildren();
    placed.forEach((i, n) => {
      const li = document.createElement("li");
      const b = lineButton(i);
      b.addEventListener("click", () => { placed = placed.filter((x) => x !== i); render(i); });
      li.appendChild(b);
      mine.appendChild(li);
    });
    rows.forEach((_, i) => {
      if (placed.includes(i)) return;
      const li = document.createElement("li");
      const b = lineButton(i);
      b.addEventListener("click", () => { placed.push(i); render(i); });
      li.appendChild(b);
      left.appendChild(li);
    });
    selects.forEach((s, i) => { const n = placed.indexOf(i); s.value = n < 0 ? "" : String(n + 1); });
    selects[0].dispatchEvent(new Event("change", { bubbles: true }));
    leftTitle.hidden = left.children.length === 0;
    // Keep the keyboard where the learner is: on the next line to place, or the last placed.
    if (focusIndex !== undefined) (left.querySelector("button") || mine.querySelector("li:last-child button") || clear).focus();
  };
  clear.addEventListener("click", () => { placed = []; render(0); });
  pad.append(help, mineTitle, mine, leftTitle, left, clear);
  order.prepend(pad);
  for (const s of selects) s.hidden = true;
  order.classList.add("order-tapping");
  render();
}
// Listen (listen-button.tsx): a word, phrase or partner's line is spoken by the browser's own
// speech synthesis (Web Speech API), nothing from the server. The button stays hidden unless the
// browser has a voice for the text's language; voices may load late, hence voiceschanged.
const synth = "speechSynthesis" in window && window.SpeechSynthesisUtterance ? window.speechSynthesis : null;
const voiceFor = (lang) => {
  if (!synth || !lang) return null;
  const want = lang.toLowerCase();
  const primary = want.split("-")[0];
  const voices = synth.getVoices();
  const tag = (v) => v.lang.toLowerCase().replace("_", "-");
  return voices.find((v) => tag(v) === want) || voices.find((v) => tag(v).split("-")[0] === primary) || null;
};
const showListen = () => {
  for (const b of document.querySelectorAll("button[data-listen]")) b.hidden = !voiceFor(b.getAttribute("data-listen-lang"));
};
if (synth) {
  showListen();
  synth.addEventListener("voiceschanged", showListen);
  document.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-listen]");
    const voice = b && voiceFor(b.getAttribute("data-listen-lang"));
    if (!voice) return;
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(b.getAttribute("data-listen"));
    utterance.voice = voice;
    utterance.lang = voice.lang;
    synth.speak(utterance);
  });
}
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
        if (synth) showListen();
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
// Review settings never saved (review-page.tsx): the time-zone list starts at the browser's own
// zone (HTTP carries none, so the server counts days in UTC until the learner saves one).
for (const select of document.querySelectorAll("select[data-offer-browser-zone]")) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && [...select.options].some((o) => o.value === zone)) select.value = zone;
}
`;

