// Sentences that put the lesson's grammar point into the role-play, so the learner hears it in
// the conversation and not only in the practice (issue text, "the lesson's grammar point appears
// in the dialogue at least twice"). Grammar points are grouped by what they practise; each group
// has two NPC sentences, written for Parla in the six languages, each of which uses the group's
// form in every language that has it (the words that show it are listed, `marks`). The sentences
// never address the learner, so they fit both registers. A point of one language only has marks in
// that language; the others translate the sentence.
import type { Lang } from "../../languages.ts";
import { inSixLanguages as l } from "../ui-text/template.ts";

type Row = Record<Lang, string>;
type Marks = Record<Lang, string[]>;

export interface GrammarLine {
  text: Row;
  /** The words of each language's sentence that use the point's form. */
  marks: Marks;
}

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
  // Points of one language: the other languages translate the sentence without the form (no marks).
  por_para: [
    line(l("We walk through the old town to get here.", "Pasamos por el casco antiguo para llegar aquí.", "Nous passons par la vieille ville pour arriver ici.", "Wir gehen durch die Altstadt, um hierher zu kommen.", "Passiamo per il centro storico per arrivare qui.", "Passamos pelo centro histórico para chegar aqui."), m([], ["por", "para"], [], [], [], [])),
    line(
      l("We have a discount for groups: ten percent per person.", "Tenemos un descuento para grupos: un diez por ciento por persona.", "Nous avons une réduction pour les groupes : dix pour cent par personne.", "Für Gruppen gibt es einen Rabatt: zehn Prozent pro Person.", "Abbiamo uno sconto per i gruppi: il dieci per cento a persona.", "Temos um desconto para grupos: dez por cento por pessoa."),
      m([], ["para", "por"], [], [], [], []),
    ),
  ],
  connectors: [
    line(
      l(
        "However, we will solve it, since we have had similar cases before.",
        "Sin embargo, lo resolveremos, ya que hemos tenido casos parecidos antes.",
        "Cependant, nous le résoudrons, puisque nous avons déjà eu des cas semblables.",
        "Dennoch werden wir es lösen, da wir schon ähnliche Fälle hatten.",
        "Tuttavia lo risolveremo, dato che abbiamo già avuto casi simili.",
        "No entanto, vamos resolver isso, já que tivemos casos parecidos antes.",
      ),
      m([], ["Sin embargo", "ya que"], [], [], [], []),
    ),
    line(
      l(
        "Even though it is late, we will stay open, that is to say until everything is done.",
        "Aunque es tarde, seguiremos abiertos, es decir, hasta que todo esté hecho.",
        "Bien qu'il soit tard, nous resterons ouverts, c'est-à-dire jusqu'à ce que tout soit fini.",
        "Obwohl es spät ist, bleiben wir geöffnet, und zwar so lange, bis alles erledigt ist.",
        "Anche se è tardi, resteremo aperti, cioè finché tutto non sarà fatto.",
        "Embora seja tarde, vamos continuar abertos, ou seja, até que tudo esteja pronto.",
      ),
      m([], ["Aunque", "es decir"], [], [], [], []),
    ),
  ],
  accusative: [
    line(l("I need a pen for the form.", "Necesito un bolígrafo para el formulario.", "J'ai besoin d'un stylo pour le formulaire.", "Ich brauche einen Stift für das Formular.", "Mi serve una penna per il modulo.", "Preciso de uma caneta para o formulário."), m([], [], [], ["einen Stift"], [], [])),
    line(l("My colleague is looking for the key.", "Mi compañera busca la llave.", "Ma collègue cherche la clé.", "Meine Kollegin sucht den Schlüssel.", "La mia collega cerca la chiave.", "Minha colega está procurando a chave."), m([], [], [], ["den Schlüssel"], [], [])),
  ],
  separable: [
    line(l("My colleague will call back later.", "Mi compañera devolverá la llamada más tarde.", "Ma collègue rappellera plus tard.", "Meine Kollegin ruft später zurück.", "La mia collega richiamerà più tardi.", "Minha colega vai ligar de volta mais tarde."), m([], [], [], ["ruft", "zurück"], [], [])),
    line(l("I'll write that down right away.", "Lo apunto enseguida.", "Je le note tout de suite.", "Ich schreibe das sofort auf.", "Lo annoto subito.", "Vou anotar isso agora mesmo."), m([], [], [], ["schreibe", "auf"], [], [])),
  ],
  dative: [
    line(l("The form belongs to my colleague.", "El formulario es de mi compañera.", "Le formulaire appartient à ma collègue.", "Das Formular gehört meiner Kollegin.", "Il modulo appartiene alla mia collega.", "O formulário é da minha colega."), m([], [], [], ["meiner Kollegin"], [], [])),
    line(l("I'll give the papers to the colleague at the desk.", "Le doy los papeles al compañero del mostrador.", "Je donne les papiers au collègue du guichet.", "Ich gebe dem Kollegen am Schalter die Unterlagen.", "Do i documenti al collega allo sportello.", "Vou entregar os papéis ao colega do balcão."), m([], [], [], ["dem Kollegen"], [], [])),
  ],
  indirect_speech: [
    line(l("My colleague says the matter is already settled.", "Mi compañera dice que el asunto ya está resuelto.", "Ma collègue dit que l'affaire est déjà réglée.", "Meine Kollegin sagt, die Sache sei bereits erledigt.", "La mia collega dice che la questione è già risolta.", "Minha colega diz que o assunto já está resolvido."), m([], [], [], ["sei"], [], [])),
    line(l("The manager said he would call back in the afternoon.", "El jefe dijo que llamaría por la tarde.", "Le responsable a dit qu'il rappellerait dans l'après-midi.", "Der Chef sagte, er werde am Nachmittag zurückrufen.", "Il responsabile ha detto che avrebbe richiamato nel pomeriggio.", "O chefe disse que ligaria de volta à tarde."), m([], [], [], ["werde"], [], [])),
  ],
  nominal_style: [
    line(
      l("After checking the documents, we will make a decision.", "Tras revisar los documentos, tomaremos una decisión.", "Après vérification des documents, nous prendrons une décision.", "Nach Prüfung der Unterlagen treffen wir eine Entscheidung.", "Dopo la verifica dei documenti prenderemo una decisione.", "Após a verificação dos documentos, tomaremos uma decisão."),
      m([], [], [], ["Nach Prüfung", "Entscheidung"], [], []),
    ),
    line(
      l("A change is only possible with the management's approval.", "Un cambio solo es posible con la aprobación de la dirección.", "Une modification n'est possible qu'avec l'accord de la direction.", "Eine Änderung ist nur mit Zustimmung der Leitung möglich.", "Una modifica è possibile solo con l'approvazione della direzione.", "Uma alteração só é possível com a aprovação da direção."),
      m([], [], [], ["Zustimmung der Leitung"], [], []),
    ),
  ],
  partitive: [
    line(l("We have coffee and tea for everyone who is waiting.", "Tenemos café y té para todos los que esperan.", "Nous avons du café et du thé pour tous ceux qui attendent.", "Wir haben Kaffee und Tee für alle, die warten.", "Abbiamo caffè e tè per tutti quelli che aspettano.", "Temos café e chá para todos que estão esperando."), m([], [], ["du café", "du thé"], [], [], [])),
    line(l("It takes patience, but there is still time.", "Hace falta paciencia, pero todavía queda tiempo.", "Il faut de la patience, mais il reste du temps.", "Man braucht Geduld, aber es bleibt noch Zeit.", "Ci vuole pazienza, ma c'è ancora tempo.", "É preciso paciência, mas ainda há tempo."), m([], [], ["de la patience", "du temps"], [], [], [])),
  ],
  past_conditional: [
    line(
      l("If we had known, we would have prepared everything.", "Si lo hubiéramos sabido, lo habríamos preparado todo.", "Si nous avions su, nous aurions tout préparé.", "Wenn wir das gewusst hätten, hätten wir alles vorbereitet.", "Se l'avessimo saputo, avremmo preparato tutto.", "Se tivéssemos sabido, teríamos preparado tudo."),
      m(["had known", "would have prepared"], [], ["avions su", "aurions", "préparé"], [], [], []),
    ),
    line(
      l("My colleague had already left when the call came.", "Mi compañera ya se había ido cuando llegó la llamada.", "Ma collègue était déjà partie quand l'appel est arrivé.", "Meine Kollegin war schon gegangen, als der Anruf kam.", "La mia collega era già andata via quando è arrivata la chiamata.", "Minha colega já tinha saído quando a ligação chegou."),
      m(["had", "left"], [], ["était", "partie"], [], [], []),
    ),
  ],
  articulated_prepositions: [
    line(l("The keys are on the table in the office.", "Las llaves están sobre la mesa de la oficina.", "Les clés sont sur la table du bureau.", "Die Schlüssel liegen auf dem Tisch im Büro.", "Le chiavi sono sul tavolo dell'ufficio.", "As chaves estão na mesa do escritório."), m([], [], [], [], ["Le", "sul", "dell'ufficio"], [])),
    line(l("The form is in the drawer, next to the papers.", "El formulario está en el cajón, al lado de los papeles.", "Le formulaire est dans le tiroir, à côté des papiers.", "Das Formular ist in der Schublade, neben den Papieren.", "Il modulo è nel cassetto, accanto ai documenti.", "O formulário está na gaveta, ao lado dos papéis."), m([], [], [], [], ["Il", "nel", "ai"], [])),
  ],
  reflexive: [
    line(l("We get ready early every morning.", "Nos preparamos temprano cada mañana.", "Nous nous préparons tôt chaque matin.", "Wir machen uns jeden Morgen früh fertig.", "Ci prepariamo presto ogni mattina.", "Nós nos preparamos cedo todas as manhãs."), m([], [], [], [], ["Ci prepariamo"], [])),
    line(
      l("Sometimes people get lost here, and then they worry.", "A veces la gente se pierde aquí y luego se preocupa.", "Parfois les gens se perdent ici, et ensuite ils s'inquiètent.", "Manchmal verlaufen sich die Leute hier, und dann machen sie sich Sorgen.", "A volte la gente si perde qui, e poi si preoccupa.", "Às vezes as pessoas se perdem aqui e depois se preocupam."),
      m([], [], [], [], ["si perde", "si preoccupa"], []),
    ),
  ],
  passato_remoto: [
    line(l("The building was built in the nineteenth century.", "El edificio se construyó en el siglo diecinueve.", "Le bâtiment a été construit au dix-neuvième siècle.", "Das Gebäude wurde im neunzehnten Jahrhundert gebaut.", "L'edificio fu costruito nell'Ottocento.", "O prédio foi construído no século dezenove."), m([], [], [], [], ["fu costruito"], [])),
    line(l("My grandfather opened this place many years ago.", "Mi abuelo abrió este sitio hace muchos años.", "Mon grand-père a ouvert cet endroit il y a de nombreuses années.", "Mein Großvater eröffnete diesen Ort vor vielen Jahren.", "Mio nonno aprì questo posto molti anni fa.", "Meu avô abriu este lugar há muitos anos."), m([], [], [], [], ["aprì"], [])),
  ],
  future_subjunctive: [
    line(l("When my colleague arrives, she will check everything.", "Cuando llegue mi compañera, lo revisará todo.", "Quand ma collègue arrivera, elle vérifiera tout.", "Wenn meine Kollegin kommt, prüft sie alles.", "Quando arriverà la mia collega, controllerà tutto.", "Quando minha colega chegar, ela vai verificar tudo."), m([], [], [], [], [], ["chegar"])),
    line(l("If anything is missing, we will solve it right away.", "Si falta algo, lo resolvemos enseguida.", "S'il manque quelque chose, nous le réglons tout de suite.", "Wenn etwas fehlt, lösen wir das sofort.", "Se manca qualcosa, lo risolviamo subito.", "Se faltar alguma coisa, resolvemos na hora."), m([], [], [], [], [], ["faltar"])),
  ],
  personal_infinitive: [
    line(l("It is better for us to wait a few minutes.", "Es mejor que esperemos unos minutos.", "Il vaut mieux que nous attendions quelques minutes.", "Es ist besser, wenn wir ein paar Minuten warten.", "È meglio che aspettiamo qualche minuto.", "É melhor esperarmos alguns minutos."), m([], [], [], [], [], ["esperarmos"])),
    line(l("The staff stayed late to have everything ready.", "El personal se quedó hasta tarde para dejarlo todo listo.", "Le personnel est resté tard pour que tout soit prêt.", "Das Personal blieb lange, damit alles fertig war.", "Il personale è rimasto fino a tardi per avere tutto pronto.", "Os funcionários ficaram até tarde para deixarem tudo pronto."), m([], [], [], [], [], ["deixarem"])),
  ],
  first_conditional: [
    line(l("If my colleague comes back soon, she will help too.", "Si mi compañera vuelve pronto, también ayudará.", "Si ma collègue revient bientôt, elle aidera aussi.", "Wenn meine Kollegin bald zurückkommt, hilft sie auch.", "Se la mia collega torna presto, aiuterà anche lei.", "Se minha colega voltar logo, ela também vai ajudar."), m(["If", "comes", "will help"], [], [], [], [], [])),
    line(l("If there is a problem, I will call the manager.", "Si hay un problema, llamaré al encargado.", "S'il y a un problème, j'appellerai le responsable.", "Wenn es ein Problem gibt, rufe ich den Chef an.", "Se c'è un problema, chiamerò il responsabile.", "Se houver algum problema, vou chamar o gerente."), m(["If", "is", "will call"], [], [], [], [], [])),
  ],
  reported_speech: [
    line(l("My colleague said that the papers were ready.", "Mi compañera dijo que los papeles estaban listos.", "Ma collègue a dit que les papiers étaient prêts.", "Meine Kollegin sagte, die Papiere seien fertig.", "La mia collega ha detto che i documenti erano pronti.", "Minha colega disse que os papéis estavam prontos."), m(["said", "were"], [], [], [], [], [])),
    line(
      l("The manager told me that he would call back later.", "El encargado me dijo que volvería a llamar más tarde.", "Le responsable m'a dit qu'il rappellerait plus tard.", "Der Chef hat mir gesagt, dass er später zurückrufen würde.", "Il responsabile mi ha detto che avrebbe richiamato più tardi.", "O gerente me disse que ligaria de volta mais tarde."),
      m(["told", "would"], [], [], [], [], []),
    ),
  ],
  third_conditional: [
    line(
      l("If we had known earlier, we would have prepared everything.", "Si lo hubiéramos sabido antes, lo habríamos preparado todo.", "Si nous l'avions su plus tôt, nous aurions tout préparé.", "Wenn wir es früher gewusst hätten, hätten wir alles vorbereitet.", "Se l'avessimo saputo prima, avremmo preparato tutto.", "Se tivéssemos sabido antes, teríamos preparado tudo."),
      m(["had known", "would have prepared"], [], [], [], [], []),
    ),
    line(
      l("If my colleague had been here, she would have helped.", "Si mi compañera hubiera estado aquí, habría ayudado.", "Si ma collègue avait été là, elle aurait aidé.", "Wenn meine Kollegin hier gewesen wäre, hätte sie geholfen.", "Se la mia collega fosse stata qui, avrebbe aiutato.", "Se minha colega tivesse estado aqui, ela teria ajudado."),
      m(["had been", "would have helped"], [], [], [], [], []),
    ),
  ],
  inversion: [
    line(
      l("Never have we had so many visitors in one day.", "Nunca habíamos tenido tantos visitantes en un solo día.", "Jamais nous n'avions eu autant de visiteurs en une seule journée.", "Noch nie hatten wir so viele Besucher an einem Tag.", "Non abbiamo mai avuto così tanti visitatori in un solo giorno.", "Nunca tivemos tantos visitantes em um só dia."),
      m(["Never have we had"], [], [], [], [], []),
    ),
    line(l("Not only is it quick, but it is also simple.", "No solo es rápido, sino también sencillo.", "Non seulement c'est rapide, mais c'est aussi simple.", "Es ist nicht nur schnell, sondern auch einfach.", "Non solo è veloce, ma è anche semplice.", "Não só é rápido, como também é simples."), m(["Not only is it"], [], [], [], [], [])),
  ],
  cleft: [
    line(l("What we need now is a little patience.", "Lo que necesitamos ahora es un poco de paciencia.", "Ce dont nous avons besoin maintenant, c'est d'un peu de patience.", "Was wir jetzt brauchen, ist ein bisschen Geduld.", "Quello di cui abbiamo bisogno adesso è un po' di pazienza.", "O que precisamos agora é de um pouco de paciência."), m(["What we need now is"], [], [], [], [], [])),
    line(l("It was my colleague who found the solution.", "Fue mi compañera quien encontró la solución.", "C'est ma collègue qui a trouvé la solution.", "Es war meine Kollegin, die die Lösung gefunden hat.", "È stata la mia collega a trovare la soluzione.", "Foi minha colega quem encontrou a solução."), m(["It was", "who"], [], [], [], [], [])),
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
  es_por_para: "por_para",
  es_connectors: "connectors",
  de_accusative: "accusative",
  de_separable_verbs: "separable",
  de_dative: "dative",
  de_konjunktiv_i: "indirect_speech",
  de_nominal_style: "nominal_style",
  fr_partitive: "partitive",
  fr_conditionnel_passe: "past_conditional",
  it_articles_prepositions: "articulated_prepositions",
  it_reflexive_verbs: "reflexive",
  it_passato_remoto: "passato_remoto",
  pt_futuro_subjuntivo: "future_subjunctive",
  pt_infinitivo_pessoal: "personal_infinitive",
  en_first_conditional: "first_conditional",
  en_reported_speech: "reported_speech",
  en_third_conditional: "third_conditional",
  en_inversion: "inversion",
  en_cleft_nominal: "cleft",
  es_formal_register: "formal", fr_formal_register: "formal", it_formal_register: "formal", pt_formal_register: "formal",
};

/** The two sentences that use a grammar point, or null for a point no group practises. */
export function grammarLines(pointId: string | undefined): [GrammarLine, GrammarLine] | null {
  const group = pointId ? POINT_GROUP[pointId] : undefined;
  return (group && GROUPS[group]) || null;
}
