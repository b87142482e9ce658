// What the NPC adds to the scenario's lines above A2 (the role-play's level bands, levels.ts):
// at B1–B2 a polite sentence with a subordinate clause, at C1–C2 a longer one with the
// subjunctive or conditional and an idiom, in the formal register (usted, Sie, vous, Lei). The
// scenario's line stays the core of the turn; these make the NPC talk as it would to a learner
// of that level. Written for Parla; each row is the same sentence in the six languages.
import type { Lang } from "../../languages.ts";
import { inSixLanguages as l } from "../ui-text/template.ts";

export type Band = "A" | "B" | "C";
type Line = Record<Lang, string>;


/** The band of a level: A1–A2+ (1–3), B1–B2+ (4–7), C1–C2 (8–9). */
export function bandOf(level: number): Band {
  return level <= 3 ? "A" : level <= 7 ? "B" : "C";
}

interface BandLines {
  open: Line;
  middle: Line[];
  close: Line;
}

export const BAND_LINES: Record<Exclude<Band, "A">, BandLines> = {
  B: {
    open: l(
      "I hope everything is going well for you.",
      "Espero que todo le vaya bien.",
      "J'espère que tout se passe bien pour vous.",
      "Ich hoffe, dass bei Ihnen alles gut läuft.",
      "Spero che vada tutto bene.",
      "Espero que esteja tudo bem com você.",
    ),
    middle: [
      l("Take your time, there is no hurry.", "Tómese su tiempo, no hay prisa.", "Prenez votre temps, rien ne presse.", "Lassen Sie sich Zeit, es eilt nicht.", "Si prenda il suo tempo, non c'è fretta.", "Fique à vontade, não tem pressa."),
      l(
        "If anything is unclear, just ask me.",
        "Si algo no está claro, pregúnteme.",
        "Si quelque chose n'est pas clair, demandez-moi.",
        "Wenn etwas unklar ist, fragen Sie mich einfach.",
        "Se qualcosa non è chiaro, me lo chieda pure.",
        "Se alguma coisa não estiver clara, é só me perguntar.",
      ),
      l("I will do what I can to help you.", "Haré todo lo posible para ayudarle.", "Je ferai de mon mieux pour vous aider.", "Ich tue mein Bestes, um Ihnen zu helfen.", "Farò il possibile per aiutarla.", "Vou fazer o possível para ajudar você."),
    ],
    close: l(
      "It was a pleasure to help you, and I hope we will see each other again.",
      "Ha sido un placer ayudarle, y espero que nos volvamos a ver.",
      "Ce fut un plaisir de vous aider, et j'espère que nous nous reverrons.",
      "Es war mir eine Freude, Ihnen zu helfen, und ich hoffe, dass wir uns wiedersehen.",
      "È stato un piacere aiutarla, e spero che ci rivedremo.",
      "Foi um prazer ajudar você, e espero que a gente se veja de novo.",
    ),
  },
  C: {
    open: l(
      "Do make yourself at home: whatever the reason for your visit, we will no doubt find a solution together.",
      "Está usted en su casa: sea cual sea el motivo de su visita, seguro que encontraremos una solución entre los dos.",
      "Faites comme chez vous : quel que soit le motif de votre visite, nous trouverons sans aucun doute une solution ensemble.",
      "Fühlen Sie sich ganz wie zu Hause: Was auch immer Sie herführt, wir finden bestimmt gemeinsam eine Lösung.",
      "Faccia come se fosse a casa sua: qualunque sia il motivo della sua visita, troveremo senz'altro una soluzione insieme.",
      "Sinta-se em casa: seja qual for o motivo da sua visita, tenho certeza de que vamos encontrar uma solução juntos.",
    ),
    middle: [
      l(
        "Mind you, there is no need to rush: I would rather we got it exactly right than had to start all over again.",
        "Eso sí, no hace falta correr: prefiero que lo hagamos bien a tener que empezar de nuevo.",
        "Cela dit, rien ne sert de courir : je préfère que nous fassions les choses bien plutôt que de devoir tout recommencer.",
        "Übrigens müssen wir nichts überstürzen: Mir ist lieber, dass wir es gleich richtig machen, als noch einmal von vorn anzufangen.",
        "Del resto non c'è bisogno di correre: preferisco che facciamo le cose per bene piuttosto che dover ricominciare da capo.",
        "Aliás, não precisa correr: prefiro que a gente faça tudo direitinho a ter que começar tudo de novo.",
      ),
      l(
        "Should anything come up in the meantime, do not hesitate to let me know; that is what I am here for.",
        "Si mientras tanto surgiera cualquier cosa, no dude en decírmelo; para eso estoy.",
        "Si quoi que ce soit devait se présenter entre-temps, n'hésitez pas à me le dire ; je suis là pour ça.",
        "Sollte in der Zwischenzeit irgendetwas sein, sagen Sie mir ruhig Bescheid; dafür bin ich schließlich da.",
        "Se nel frattempo dovesse sorgere qualsiasi cosa, non esiti a dirmelo; sono qui apposta.",
        "Se enquanto isso surgir qualquer coisa, não hesite em me avisar; é para isso que estou aqui.",
      ),
      l(
        "To tell the truth, this happens more often than you would think, so you are in good hands.",
        "A decir verdad, esto pasa más a menudo de lo que uno cree, así que está usted en buenas manos.",
        "À vrai dire, cela arrive plus souvent qu'on ne le croit, alors vous êtes entre de bonnes mains.",
        "Ehrlich gesagt kommt das öfter vor, als man denkt, Sie sind also in guten Händen.",
        "A dire il vero, capita più spesso di quanto si pensi, quindi è in buone mani.",
        "Para falar a verdade, isso acontece mais do que se imagina, então você está em boas mãos.",
      ),
    ],
    close: l(
      "It has been a real pleasure; should you ever find yourself in this neck of the woods again, you know where to find me.",
      "Ha sido un verdadero placer; si alguna vez vuelve a pasar por aquí, ya sabe dónde encontrarme.",
      "Ce fut un vrai plaisir ; si jamais vous repassez dans le coin, vous savez où me trouver.",
      "Es war mir ein echtes Vergnügen; wenn es Sie wieder einmal in diese Gegend verschlägt, wissen Sie ja, wo Sie mich finden.",
      "È stato davvero un piacere; se mai dovesse ripassare da queste parti, sa dove trovarmi.",
      "Foi um prazer de verdade; se algum dia você passar por aqui de novo, já sabe onde me encontrar.",
    ),
  },
};

/**
 * The NPC's line at step `i` of `count` for the band: A keeps the scenario's line; B and C add
 * their sentence (after the line, or before the farewell on the last step). The same choice is
 * made for the target text and its translation, so they stay translations of each other.
 */
export function bandLine(line: string, band: Band, lang: Lang, i: number, count: number): string {
  if (band === "A" || line === "") return line;
  const lines = BAND_LINES[band];
  if (i === count - 1) return `${lines.close[lang]} ${line}`;
  const extra = i === 0 ? lines.open : (lines.middle[(i - 1) % lines.middle.length] as Line);
  return `${line} ${extra[lang]}`;
}
