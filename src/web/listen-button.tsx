// Listen: a button beside a word, phrase or partner's line that the browser speaks (the script in
// assets/browser-script.ts). It is rendered hidden and shown only when the browser has a voice for
// `lang`, so without the script or a voice nothing is there. Its label is in the page's language.
import type { UiText } from "./ui-text/index.ts";

export function ListenButton(props: { t: UiText; text: string; lang: string }) {
  return (
    <button type="button" class="listen secondary" hidden data-listen={props.text} data-listen-lang={props.lang} lang={props.t.layout.lang} aria-label={props.t.lesson.listen} title={props.t.lesson.listen}>
      🔊
    </button>
  );
}
