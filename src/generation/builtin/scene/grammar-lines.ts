// Sentences that put the lesson's grammar point into the role-play, so the learner hears it in
// the conversation and not only in the practice (issue text, "the lesson's grammar point appears
// in the dialogue at least twice"). Grammar points are grouped by what they practise; each group
// has two NPC sentences, written for Parla in the six languages, each of which uses the group's
// form in every language that has it (the words that show it are listed, `marks`). The sentences
// never address the learner, so they fit both registers. A point without a group gets none.
import type { Lang } from "../../languages.ts";

type Row = Record<Lang, string>;
type Marks = Record<Lang, string[]>;

export interface GrammarLine {
  text: Row;
  /** The words of each language's sentence that use the point's form. */
  marks: Marks;
}

const l = (en: string, es: string, fr: string, de: string, it: string, pt: string): Row => ({ en, es, fr, de, it, "pt-BR": pt });
const m = (en: string[], es: string[], fr: string[], de: string[], it: string[], pt: string[]): Marks => ({ en, es, fr, de, it, "pt-BR": pt });
const line = (text: Row, marks: Marks): GrammarLine => ({ text, marks });

const GROUPS: Record<string, [GrammarLine, GrammarLine]> = {
  present: [
    line(l("We open at nine and close late.", "Abrimos a las nueve y cerramos tarde.", "Nous ouvrons à neuf heures et nous fermons tard.", "Wir öffnen um neun und schließen spät.", "Apriamo alle nove e chiudiamo tardi.", "Abrimos às nove e fechamos tarde."), m(["open", "close"], ["Abrimos", "cerramos"], ["ouvrons", "fermons"], ["öffnen", "schließen"], ["Apriamo", "chiudiamo"], ["Abrimos", "fechamos"])),
    line(l("Many visitors come here every day.", "Muchos visitantes vienen aquí cada día.", "Beaucoup de visiteurs viennent ici chaque jour.", "Viele Besucher kommen jeden Tag hierher.", "Molti visitatori vengono qui ogni giorno.", "Muitos visitantes vêm aqui todos os dias."), m(["come"], ["vienen"], ["viennent"], ["kommen"], ["vengono"], ["vêm"])),
  ],
  be: [
    line(l("The office is on the first floor.", "La oficina está en la primera planta.", "Le bureau est au premier étage.", "Das Büro ist im ersten Stock.", "L'ufficio è al primo piano.", "O escritório está no primeiro andar."), m(["is"], ["está"], ["est"], ["ist"], ["è"], ["está"])),
    line(l("We are a small team and we are very busy today.", "Somos un equipo pequeño y hoy estamos muy ocupados.", "Nous sommes une petite équipe et nous avons beaucoup de travail aujourd'hui.", "Wir sind ein kleines Team und haben heute viel zu tun.", "Siamo una piccola squadra e oggi abbiamo molto lavoro.", "Somos uma equipe pequena e hoje estamos muito ocupados."), m(["are"], ["Somos", "estamos"], ["sommes", "avons"], ["sind", "haben"], ["Siamo", "abbiamo"], ["Somos", "estamos"])),
  ],
  like: [
    line(l("I like this place a lot.", "Me gusta mucho este sitio.", "J'aime beaucoup cet endroit.", "Dieser Ort gefällt mir sehr.", "Mi piace molto questo posto.", "Eu gosto muito deste lugar."), m(["like"], ["gusta"], ["aime"], ["gefällt"], ["piace"], ["gosto"])),
    line(l("Most people like the view.", "A la mayoría de la gente le gustan las vistas.", "La plupart des gens aiment la vue.", "Den meisten Leuten gefällt die Aussicht.", "Alla maggior parte della gente piace la vista.", "A maioria das pessoas gosta da vista."), m(["like"], ["gustan"], ["aiment"], ["gefällt"], ["piace"], ["gosta"])),
  ],
  near_future: [
    line(l("I am going to check it right now.", "Voy a comprobarlo ahora mismo.", "Je vais vérifier tout de suite.", "Ich schaue gleich nach.", "Adesso lo controllo.", "Vou verificar agora mesmo."), m(["going to"], ["Voy a"], ["vais vérifier"], ["schaue"], ["controllo"], ["Vou verificar"])),
    line(l("It's going to be fine.", "Todo va a salir bien.", "Tout va bien se passer.", "Das wird schon gut gehen.", "Andrà tutto bene.", "Vai dar tudo certo."), m(["going to"], ["va a"], ["va bien se passer"], ["wird"], ["Andrà"], ["Vai dar"])),
  ],
  perfect: [
    line(l("I have already checked it.", "Ya lo he comprobado.", "J'ai déjà vérifié.", "Ich habe es schon überprüft.", "L'ho già controllato.", "Eu já verifiquei."), m(["have", "checked"], ["he comprobado"], ["ai", "vérifié"], ["habe", "überprüft"], ["controllato"], ["verifiquei"])),
    line(l("Many people have asked the same thing this week.", "Esta semana muchas personas han preguntado lo mismo.", "Cette semaine, beaucoup de gens ont demandé la même chose.", "Diese Woche haben viele Leute dasselbe gefragt.", "Questa settimana molte persone hanno chiesto la stessa cosa.", "Esta semana muitas pessoas perguntaram a mesma coisa."), m(["have asked"], ["han preguntado"], ["ont demandé"], ["haben", "gefragt"], ["hanno chiesto"], ["perguntaram"])),
  ],
  past: [
    line(l("When we opened this morning, there were already a lot of people.", "Cuando abrimos esta mañana, ya había mucha gente.", "Quand nous avons ouvert ce matin, il y avait déjà beaucoup de monde.", "Als wir heute Morgen öffneten, waren schon viele Leute da.", "Quando abbiamo aperto stamattina, c'era già molta gente.", "Quando abrimos hoje de manhã, já havia muita gente."), m(["opened", "were"], ["abrimos", "había"], ["avons ouvert", "avait"], ["öffneten", "waren"], ["abbiamo aperto", "c'era"], ["abrimos", "havia"])),
    line(l("Last year the place was smaller, but it changed a lot.", "El año pasado el local era más pequeño, pero cambió mucho.", "L'année dernière, l'endroit était plus petit, mais il a beaucoup changé.", "Letztes Jahr war alles kleiner, doch dann änderte sich vieles.", "L'anno scorso il locale era più piccolo, ma è cambiato molto.", "No ano passado o lugar era menor, mas mudou muito."), m(["was", "changed"], ["era", "cambió"], ["était", "a beaucoup changé"], ["war", "änderte"], ["era", "è cambiato"], ["era", "mudou"])),
  ],
  object_pronouns: [
    line(l("I'll bring it right away.", "Lo traigo enseguida.", "Je l'apporte tout de suite.", "Ich bringe es sofort.", "Lo porto subito.", "Já o trago."), m(["it"], ["Lo"], ["l'apporte"], ["es"], ["Lo"], ["o trago"])),
    line(l("My colleague knows it well; I'll ask her right away.", "Mi compañera lo conoce bien; le pregunto ahora mismo.", "Ma collègue le connaît bien ; je lui demande tout de suite.", "Meine Kollegin kennt es gut; ich frage sie gleich.", "La mia collega lo conosce bene; le chiedo subito.", "Minha colega o conhece bem; vou perguntar a ela agora mesmo."), m(["it", "her"], ["lo", "le"], ["le", "lui"], ["es", "sie"], ["lo", "le"], ["o conhece"])),
  ],
  future: [
    line(l("Everything will be ready tomorrow.", "Todo estará listo mañana.", "Tout sera prêt demain.", "Alles wird morgen fertig sein.", "Tutto sarà pronto domani.", "Tudo estará pronto amanhã."), m(["will be"], ["estará"], ["sera"], ["wird"], ["sarà"], ["estará"])),
    line(l("My colleague will call later.", "Mi compañera llamará más tarde.", "Ma collègue appellera plus tard.", "Meine Kollegin wird später anrufen.", "La mia collega chiamerà più tardi.", "Minha colega ligará mais tarde."), m(["will call"], ["llamará"], ["appellera"], ["wird"], ["chiamerà"], ["ligará"])),
  ],
  subjunctive: [
    line(l("Everything needs to be ready before tonight.", "Es necesario que todo esté listo antes de esta noche.", "Il faut que tout soit prêt avant ce soir.", "Alles muss bis heute Abend fertig sein.", "Bisogna che tutto sia pronto prima di stasera.", "É preciso que tudo esteja pronto antes de hoje à noite."), m(["needs"], ["esté"], ["soit"], ["muss"], ["sia"], ["esteja"])),
    line(l("I want my colleague to check it too.", "Quiero que mi compañera también lo compruebe.", "Je veux que ma collègue le vérifie aussi.", "Ich möchte, dass meine Kollegin es auch prüft.", "Voglio che anche la mia collega lo controlli.", "Quero que minha colega também verifique."), m(["want"], ["compruebe"], ["vérifie"], ["dass"], ["controlli"], ["verifique"])),
  ],
  conditional: [
    line(l("That would be the best solution.", "Esa sería la mejor solución.", "Ce serait la meilleure solution.", "Das wäre die beste Lösung.", "Sarebbe la soluzione migliore.", "Essa seria a melhor solução."), m(["would"], ["sería"], ["serait"], ["wäre"], ["Sarebbe"], ["seria"])),
    line(l("I would recommend waiting a little.", "Yo recomendaría esperar un poco.", "Je recommanderais d'attendre un peu.", "Ich würde empfehlen, ein bisschen zu warten.", "Consiglierei di aspettare un po'.", "Eu recomendaria esperar um pouco."), m(["would"], ["recomendaría"], ["recommanderais"], ["würde"], ["Consiglierei"], ["recomendaria"])),
  ],
  hypothetical: [
    line(l("If we had more time, we would do it differently.", "Si tuviéramos más tiempo, lo haríamos de otra manera.", "Si nous avions plus de temps, nous le ferions autrement.", "Wenn wir mehr Zeit hätten, würden wir es anders machen.", "Se avessimo più tempo, lo faremmo in un altro modo.", "Se tivéssemos mais tempo, faríamos de outro jeito."), m(["had", "would"], ["tuviéramos", "haríamos"], ["avions", "ferions"], ["hätten", "würden"], ["avessimo", "faremmo"], ["tivéssemos", "faríamos"])),
    line(l("If it were up to me, we would open every day.", "Si dependiera de mí, abriríamos todos los días.", "Si cela dépendait de moi, nous ouvririons tous les jours.", "Wenn es nach mir ginge, würden wir jeden Tag öffnen.", "Se dipendesse da me, apriremmo tutti i giorni.", "Se dependesse de mim, abriríamos todos os dias."), m(["were", "would"], ["dependiera", "abriríamos"], ["dépendait", "ouvririons"], ["ginge", "würden"], ["dipendesse", "apriremmo"], ["dependesse", "abriríamos"])),
  ],
  relative: [
    line(l("The colleague who knows it best is here today.", "La compañera que mejor lo conoce está aquí hoy.", "La collègue qui le connaît le mieux est là aujourd'hui.", "Die Kollegin, die es am besten kennt, ist heute da.", "La collega che lo conosce meglio è qui oggi.", "A colega que conhece isso melhor está aqui hoje."), m(["who"], ["que"], ["qui"], ["die es am besten kennt"], ["che"], ["que"])),
    line(l("This is the form that everyone fills in.", "Este es el formulario que todos rellenan.", "C'est le formulaire que tout le monde remplit.", "Das ist das Formular, das alle ausfüllen.", "Questo è il modulo che tutti compilano.", "Este é o formulário que todo mundo preenche."), m(["that"], ["que"], ["que"], ["das alle ausfüllen"], ["che"], ["que"])),
  ],
  passive: [
    line(l("The room is cleaned every morning.", "La sala se limpia cada mañana.", "La salle est nettoyée chaque matin.", "Der Raum wird jeden Morgen geputzt.", "La sala viene pulita ogni mattina.", "A sala é limpa todas as manhãs."), m(["is cleaned"], ["se limpia"], ["est nettoyée"], ["wird", "geputzt"], ["viene pulita"], ["é limpa"])),
    line(l("Everything was checked yesterday.", "Todo fue revisado ayer.", "Tout a été vérifié hier.", "Alles wurde gestern überprüft.", "Tutto è stato controllato ieri.", "Tudo foi verificado ontem."), m(["was checked"], ["fue revisado"], ["a été vérifié"], ["wurde", "überprüft"], ["è stato controllato"], ["foi verificado"])),
  ],
  modal: [
    line(l("We can check it together, but we must be quick.", "Podemos revisarlo juntos, pero tenemos que ser rápidos.", "Nous pouvons le vérifier ensemble, mais nous devons faire vite.", "Wir können das zusammen prüfen, aber wir müssen schnell sein.", "Possiamo controllarlo insieme, ma dobbiamo fare in fretta.", "Podemos verificar juntos, mas temos que ser rápidos."), m(["can", "must"], ["Podemos", "tenemos que"], ["pouvons", "devons"], ["können", "müssen"], ["Possiamo", "dobbiamo"], ["Podemos", "temos que"])),
    line(l("My colleague wants to help, but she can't come today.", "Mi compañera quiere ayudar, pero hoy no puede venir.", "Ma collègue veut aider, mais elle ne peut pas venir aujourd'hui.", "Meine Kollegin will helfen, aber sie kann heute nicht kommen.", "La mia collega vuole aiutare, ma oggi non può venire.", "Minha colega quer ajudar, mas hoje não pode vir."), m(["wants", "can't"], ["quiere", "puede"], ["veut", "peut"], ["will", "kann"], ["vuole", "può"], ["quer", "pode"])),
  ],
  negation: [
    line(l("We don't close before midnight.", "No cerramos antes de medianoche.", "Nous ne fermons pas avant minuit.", "Wir schließen nicht vor Mitternacht.", "Non chiudiamo prima di mezzanotte.", "Não fechamos antes da meia-noite."), m(["don't"], ["No"], ["ne fermons pas"], ["nicht"], ["Non"], ["Não"])),
    line(l("There is nobody at the desk any more.", "Ya no hay nadie en el mostrador.", "Il n'y a plus personne au guichet.", "Am Schalter ist niemand mehr.", "Allo sportello non c'è più nessuno.", "Não tem mais ninguém no balcão."), m(["nobody"], ["no", "nadie"], ["n'y a plus personne"], ["niemand"], ["non", "nessuno"], ["Não", "ninguém"])),
  ],
  continuous: [
    line(l("My colleague is preparing everything right now.", "Mi compañera está preparando todo ahora mismo.", "Ma collègue est en train de tout préparer.", "Meine Kollegin bereitet gerade alles vor.", "La mia collega sta preparando tutto proprio adesso.", "Minha colega está preparando tudo agora mesmo."), m(["is preparing"], ["está preparando"], ["est en train de"], ["gerade"], ["sta preparando"], ["está preparando"])),
    line(l("A lot of people are waiting today.", "Hoy está esperando mucha gente.", "Beaucoup de gens sont en train d'attendre aujourd'hui.", "Heute warten gerade viele Leute.", "Oggi sta aspettando molta gente.", "Hoje tem muita gente esperando."), m(["are waiting"], ["está esperando"], ["en train d'attendre"], ["gerade"], ["sta aspettando"], ["esperando"])),
  ],
  comparatives: [
    line(l("This one is cheaper and better than the other.", "Este es más barato y mejor que el otro.", "Celui-ci est moins cher et meilleur que l'autre.", "Dieses ist billiger und besser als das andere.", "Questo è più economico e migliore dell'altro.", "Este é mais barato e melhor que o outro."), m(["cheaper", "better than"], ["más barato", "mejor que"], ["moins cher", "meilleur que"], ["billiger", "besser als"], ["più economico", "migliore"], ["mais barato", "melhor que"])),
    line(l("Today it is quieter than yesterday.", "Hoy está más tranquilo que ayer.", "Aujourd'hui, c'est plus calme qu'hier.", "Heute ist es ruhiger als gestern.", "Oggi è più tranquillo di ieri.", "Hoje está mais tranquilo que ontem."), m(["quieter than"], ["más tranquilo que"], ["plus calme"], ["ruhiger als"], ["più tranquillo di"], ["mais tranquilo que"])),
  ],
  formal: [
    line(
      l("Allow me to assure you that we will take care of everything.", "Permítame asegurarle que nos ocuparemos de todo.", "Permettez-moi de vous assurer que nous nous occuperons de tout.", "Erlauben Sie mir, Ihnen zu versichern, dass wir uns um alles kümmern.", "Mi permetta di assicurarle che ci occuperemo di tutto.", "Permita-me assegurar-lhe que cuidaremos de tudo."),
      m(["Allow me"], ["Permítame"], ["Permettez-moi"], ["Erlauben Sie"], ["Mi permetta"], ["Permita-me"]),
    ),
    line(
      l("Should you need anything, please do not hesitate to contact us.", "Si necesitara cualquier cosa, no dude en ponerse en contacto con nosotros.", "Si vous aviez besoin de quoi que ce soit, n'hésitez pas à nous contacter.", "Sollten Sie etwas benötigen, zögern Sie bitte nicht, sich an uns zu wenden.", "Qualora avesse bisogno di qualcosa, non esiti a contattarci.", "Caso precise de algo, não hesite em entrar em contato conosco."),
      m(["Should you"], ["no dude"], ["n'hésitez"], ["Sollten Sie"], ["non esiti"], ["não hesite"]),
    ),
  ],
};

// Which group practises each syllabus point (data/grammar.json).
const POINT_GROUP: Record<string, keyof typeof GROUPS> = {
  es_present_regular: "present", es_stem_changing: "present", de_present_tense: "present", de_verb_second: "present", fr_present_er: "present", it_present_regular: "present", pt_present_regular: "present", en_present_simple: "present",
  es_ser_estar: "be", fr_etre_avoir: "be", it_essere_avere: "be", pt_ser_estar: "be", en_to_be: "be",
  es_gustar: "like", it_piacere: "like", pt_gostar_de: "like",
  es_ir_a_future: "near_future", fr_futur_proche: "near_future", pt_ir_future: "near_future", en_going_to_will: "near_future",
  es_preterito_perfecto: "perfect", de_perfekt: "perfect", fr_passe_compose: "perfect", it_passato_prossimo: "perfect", pt_preterito_perfeito: "perfect", en_present_perfect: "perfect",
  es_preterite_imperfect: "past", fr_imparfait_passe_compose: "past", it_imperfetto_passato_prossimo: "past", pt_imperfeito: "past", en_past_simple: "past", de_praeteritum: "past",
  es_object_pronouns: "object_pronouns", fr_object_pronouns: "object_pronouns", it_object_pronouns: "object_pronouns", pt_object_pronouns: "object_pronouns",
  fr_futur_simple: "future", it_futuro_semplice: "future",
  es_subjunctive_present: "subjunctive", fr_subjonctif_present: "subjunctive", it_congiuntivo_presente: "subjunctive", pt_subjuntivo_presente: "subjunctive",
  es_conditional: "conditional", fr_conditionnel: "conditional", it_condizionale: "conditional", de_konjunktiv_ii: "conditional",
  es_subjunctive_imperfect: "hypothetical", it_periodo_ipotetico: "hypothetical", pt_imperfeito_subjuntivo: "hypothetical", en_second_conditional: "hypothetical",
  de_relative_clauses: "relative", fr_relative_pronouns: "relative", de_subordinate_clauses: "relative",
  de_passive: "passive", en_passive: "passive",
  de_modal_verbs: "modal",
  fr_negation: "negation",
  en_present_continuous: "continuous", pt_estar_gerund: "continuous",
  en_comparatives: "comparatives",
  es_formal_register: "formal", fr_formal_register: "formal", it_formal_register: "formal", pt_formal_register: "formal",
};

/** The two sentences that use a grammar point, or null for a point no group practises. */
export function grammarLines(pointId: string | undefined): [GrammarLine, GrammarLine] | null {
  const group = pointId ? POINT_GROUP[pointId] : undefined;
  return (group && GROUPS[group]) || null;
}
