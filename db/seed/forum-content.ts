/**
 * The demo forum's words (db/seed/forum.server.ts): the people who write, and the topics they
 * write, each an opening post and its replies as [who, Markdown]. A topic about a market names it
 * with {marked} and its town with {by}; the seeder fills in a demo market.
 */

export interface DemoPersona {
  handle: string;
  name: string;
  forumName: string;
}

export const DEMO_PERSONAS: readonly DemoPersona[] = [
  { handle: "lotte", name: "Lotte Frederiksen", forumName: "Lotte fra Valby" },
  { handle: "henrik", name: "Henrik Kjær", forumName: "Henrik K." },
  { handle: "bodil", name: "Bodil Jensen", forumName: "Bodil" },
  { handle: "jenspeter", name: "Jens Peter Holm", forumName: "Jens Peter" },
  { handle: "maja", name: "Maja Sørensen", forumName: "Maja S." },
  { handle: "ahmad", name: "Ahmad Rahimi", forumName: "Ahmad" },
  { handle: "kirsten", name: "Kirsten Lund", forumName: "Kirsten på Fyn" },
  { handle: "oliver", name: "Oliver Brandt", forumName: "Oliver B." },
  { handle: "grethe", name: "Grethe Madsen", forumName: "Grethe" },
  { handle: "sune", name: "Sune Østergaard", forumName: "Sune fra Aarhus" },
  { handle: "freja", name: "Freja Nielsen", forumName: "Freja" },
  { handle: "poul", name: "Poul Erik Dahl", forumName: "Poul Erik" },
];

export interface DemoTopic {
  category: "generelt" | "spoergsmaal-om-markeder" | "saelgertips" | "arrangoerer" | "loppefund";
  title: string;
  /** Who writes what, the opening post first; indexes into DEMO_PERSONAS. */
  posts: [number, string][];
  aboutMarket?: boolean;
  pinned?: boolean;
  locked?: boolean;
}

/** Short answers for the long topic about the first time at a market (more than a page of posts). */
const FIRST_TIME_ANSWERS: [number, string][] = [
  [1, "Tag kontanter med, også selvom de fleste har MobilePay. Dækningen kan være elendig på en mark."],
  [2, "Kom tidligt, hvis du leder efter noget bestemt. Kom sent, hvis du vil gøre en handel."],
  [3, "En stofpose eller to. Plasticposer går i stykker, når man har fundet en stak tallerkener."],
  [4, "Spørg altid, om de har mere af det samme. Der står tit en kasse under bordet."],
  [5, "Vær høflig, når du prutter. Et smil og et rundt beløb virker bedre end et lavt bud."],
  [6, "Tjek åbningstiden på markedets side her på Loppeguiden aftenen før. Især om vinteren bliver der aflyst."],
  [7, "Gå en runde først og køb bagefter. Ellers har man brugt pengene, før man når det bedste bord."],
  [8, "Et målebånd i lommen! Jeg har købt et skab, der ikke kunne komme ind ad døren."],
  [9, "Husk noget at drikke. Loppemarkeder er hårdt arbejde for fødderne."],
  [10, "Tag børnene med og giv dem en tyver hver. De bliver vildt gode til at handle."],
  [11, "Læg mærke til boderne med dødsbo-ting. Der er ofte de bedste priser."],
  [0, "Tak for alle de gode råd! Jeg tager afsted på søndag med kontanter og stofposer."],
  [1, "God fornøjelse! Fortæl os, hvad du fandt, i Loppefund-kategorien."],
  [4, "Og husk: det er tilladt at gå tomhændet hjem. Det er turen, der er sjov."],
  [2, "Tjek også tøjet for pletter i dagslys. Under et halvtag ser alt pænt ud."],
  [6, "Har man bil, så parker ved udkørslen. Så er man hurtigt væk med det store fund."],
  [8, "Mange sælgere giver mængderabat. Spørg, hvad du får tre ting for."],
  [9, "Vil du have et rigtigt godt kup, så kig efter ting, der er svære at sælge: store møbler og lamper uden skærm."],
  [3, "Sæt dig et budget. Det er let at komme hjem med fem vaser, man ikke havde brug for."],
  [10, "Hold øje med vejrudsigten. Regn betyder færre købere og mere villige sælgere."],
  [11, "Glem ikke, at mange markeder har en café. En kop kaffe og en kage er en del af oplevelsen."],
  [5, "Kig også op og ned. De bedste ting står ofte i kasser under bordet eller hænger på en stang."],
  [7, "Og så skal man turde spørge om historien bag tingene. Det er det halve af charmen."],
  [0, "Jeg var der! Kom hjem med en lampe, tre bøger og en kaffekande. Tak igen, alle sammen."],
  [2, "Sådan! Velkommen i klubben."],
  [6, "Perfekt første tur. Næste gang bliver det en kommode."],
];

export const DEMO_TOPICS: readonly DemoTopic[] = [
  {
    category: "generelt",
    title: "Velkommen til Loppeguidens forum – læs her først",
    pinned: true,
    posts: [
      [
        1,
        "Velkommen! Her taler vi om alt, der har med loppemarkeder, genbrug og gode handler at gøre.\n\nEt par enkle regler:\n\n- Vær venlig og hjælpsom, også når I er uenige.\n- Ingen reklamer for egne varer uden for **Sælgertips**.\n- Brug **Anmeld**, hvis noget ikke hører hjemme her.\n\nGod fornøjelse!",
      ],
      [2, "Tak for et godt initiativ. Jeg har savnet et sted at spørge om markeder uden at skulle igennem tre Facebook-grupper."],
      [5, "Dejligt! Jeg glæder mig til at læse med."],
    ],
  },
  {
    category: "generelt",
    title: "Gode råd til første tur på loppemarked?",
    posts: [[0, "Jeg har aldrig været på et rigtigt loppemarked, men vil gerne prøve på søndag. Hvad skal man vide, før man tager afsted?"], ...FIRST_TIME_ANSWERS],
  },
  {
    category: "generelt",
    title: "Hvad er forskellen på et loppemarked og et kræmmermarked?",
    posts: [
      [4, "Jeg bliver ved med at blande det sammen. Er der en fast forskel?"],
      [3, "Groft sagt: på et loppemarked sælger private deres brugte ting. På et kræmmermarked står der også handlende med nye varer, mad og tivoli."],
      [8, "Kræmmermarkeder varer tit flere dage og er mere en fest. Loppemarkeder er korte og handler om fundene."],
      [4, "Tak, så giver navnene mening!"],
    ],
  },
  {
    category: "generelt",
    title: "Hvordan vasker I brugt tøj, før det kommer i skabet?",
    posts: [
      [10, "Jeg køber meget tøj på loppemarked, men er lidt nervøs for møl og lugt. Hvad gør I?"],
      [2, "Alt, der kan tåle det, kommer på 60 grader. Uld lægger jeg i fryseren et døgn før vask."],
      [9, "Eddike i skyllerummet tager næsten al lugt af gammelt tøj."],
      [10, "Fryseren havde jeg aldrig tænkt på. Tak!"],
    ],
  },
  {
    category: "generelt",
    title: "Genbrug med børn – hvordan får I dem med?",
    posts: [
      [5, "Mine to på 6 og 9 synes, loppemarkeder er kedelige. Har I tricks?"],
      [10, "Giv dem et beløb hver og lad dem selv bestemme. Min datter prutter bedre end mig nu."],
      [0, "Skattejagt! Find noget blåt, noget med et dyr på og noget, der er ældre end mormor."],
      [5, "Skattejagten prøver vi på lørdag 😊"],
    ],
  },
  {
    category: "generelt",
    title: "Jeres bedste argument for at købe brugt",
    posts: [
      [7, "Jeg skal holde et lille oplæg i min klub om genbrug. Hvad er jeres bedste argument?"],
      [3, "Det er billigere, og tingene er tit bedre lavet end nye. Gamle køkkenknive og støbejern holder evigt."],
      [11, "Hver ting, der bliver brugt igen, er én ting mindre, der skal produceres og fragtes hertil."],
      [4, "Og så er det sjovere. Man ved aldrig, hvad man finder."],
    ],
  },
  {
    category: "spoergsmaal-om-markeder",
    title: "Nogen der har været på {marked} i {by}?",
    aboutMarket: true,
    posts: [
      [9, "Jeg overvejer at køre til {marked} i {by} i weekenden. Er det værd at køre efter?"],
      [6, "Jeg var der sidst. Mange private boder og gode priser, især på køkkenting."],
      [1, "Kom før kl. 10, så er parkeringen nem."],
    ],
  },
  {
    category: "spoergsmaal-om-markeder",
    title: "Er der parkering ved {marked}?",
    aboutMarket: true,
    posts: [
      [3, "Skal til {marked} i {by} med trailer. Ved nogen, om man kan holde tæt på?"],
      [8, "Der er en stor grusplads lige ved siden af. Den bliver fyldt ved middagstid."],
      [3, "Perfekt, så kommer vi tidligt."],
    ],
  },
  {
    category: "spoergsmaal-om-markeder",
    title: "Kan man betale med MobilePay på {marked}?",
    aboutMarket: true,
    posts: [
      [4, "Jeg har sjældent kontanter på mig. Tager sælgerne på {marked} imod MobilePay?"],
      [10, "De fleste gør, men ikke alle. Tag et par hundrede i kontanter med for en sikkerheds skyld."],
      [6, "Der er ingen hæveautomat i nærheden, så husk kontanterne hjemmefra."],
    ],
  },
  {
    category: "spoergsmaal-om-markeder",
    title: "{marked}: bliver det aflyst, hvis det regner?",
    aboutMarket: true,
    posts: [
      [2, "Vejrudsigten for søndag ser våd ud. Ved nogen, om {marked} i {by} holder åbent alligevel?"],
      [7, "Sidste år holdt de åbent i øsregn. Mange boder havde telte."],
      [11, "Hvis det bliver aflyst, står det normalt på markedets side her. Tjek om morgenen."],
    ],
  },
  {
    category: "spoergsmaal-om-markeder",
    title: "Hvor mange stader er der på {marked}?",
    aboutMarket: true,
    posts: [
      [5, "Er {marked} et stort eller et lille marked? Jeg gider ikke køre en time efter ti borde."],
      [9, "Det varierer meget med årstiden. Om sommeren er der rigtig mange, om vinteren færre."],
    ],
  },
  {
    category: "spoergsmaal-om-markeder",
    title: "Loppemarkeder med overdækning til vinteren?",
    posts: [
      [0, "Nu hvor det bliver koldt: kender I gode indendørs loppemarkeder på Sjælland?"],
      [2, "Brug filteret **Indendørs** på [registeret](/register). Der er overraskende mange i haller og pakhuse."],
      [6, "Mange genbrugsbutikker har også udsalgsdage om vinteren. De står under Genbrugsbutikker."],
      [0, "Fedt, det filter havde jeg overset!"],
    ],
  },
  {
    category: "spoergsmaal-om-markeder",
    title: "Hvornår starter sæsonen for loppemarkeder?",
    posts: [
      [8, "Jeg er ny i Danmark. Hvornår på året er der flest loppemarkeder?"],
      [1, "Fra april til september er der noget hver weekend. Højsæsonen er maj og juni."],
      [3, "Kig i [kalenderen](/kalender), så kan du se, hvad der sker de næste uger."],
      [8, "Tak! Så har jeg noget at glæde mig til."],
    ],
  },
  {
    category: "saelgertips",
    title: "Hvordan prissætter I børnetøj?",
    posts: [
      [5, "Jeg har tre sække børnetøj i str. 80–110. Hvad tager I for det?"],
      [10, "Bodyer og t-shirts 5 kr., bukser og kjoler 10–20 kr., flyverdragter 50–100 kr. afhængigt af mærket."],
      [2, "Lav en kasse med *alt til 5 kr.* Det sælger bedre end at prismærke hver ting."],
      [9, "Sortér efter størrelse. Forældre leder efter én størrelse og giver op, hvis det hele er blandet."],
      [5, "Tak, jeg sorterer og laver en femmerkasse!"],
    ],
  },
  {
    category: "saelgertips",
    title: "Hvad gør I, når det regner på markedsdagen?",
    posts: [
      [3, "Jeg har booket stade på søndag, og nu siger DMI regn hele dagen. Tager I afsted alligevel?"],
      [8, "Ja! Færre sælgere betyder, at dem der kommer, sælger godt. Tag presenning og klemmer med."],
      [11, "Et pop-up-telt til 400 kr. har tjent sig hjem mange gange."],
      [3, "Så tager jeg afsted med presenningen."],
    ],
  },
  {
    category: "saelgertips",
    title: "Opstilling af bordet – hvad virker?",
    posts: [
      [7, "Mit bord ligner et rodet loft. Har I tips til at få tingene til at se indbydende ud?"],
      [6, "Brug højde: kasser under dugen, så noget står højt og noget lavt. Det lokker folk tættere på."],
      [2, "Læg det dyreste forrest og de små ting i skåle. Folk elsker at rode i en skål."],
      [4, "En hvid dug gør underværker. Og et skilt med *alt kan forhandles*."],
    ],
  },
  {
    category: "saelgertips",
    title: "Skal man have byttepenge med, eller klarer MobilePay det hele?",
    posts: [
      [11, "Hvor mange byttepenge tager I med som sælger?"],
      [1, "200–300 kr. i mønter og tyvere. Og print din MobilePay-QR-kode og sæt den på bordet."],
      [9, "Skriv dit MobilePay-nummer stort på et skilt. Så skal ingen stå og spørge, mens der er kø."],
    ],
  },
  {
    category: "saelgertips",
    title: "Hvornår skal man sætte priserne ned?",
    posts: [
      [0, "Sætter I priserne ned sidst på dagen, eller holder I fast?"],
      [3, "Den sidste time er alt halv pris hos mig. Jeg vil ikke køre det hjem igen."],
      [10, "Jeg skriver det på et skilt fra kl. 14. Det får folk til at komme tilbage."],
      [6, "Og det, der stadig er tilbage, giver jeg til en genbrugsbutik på vejen hjem."],
    ],
  },
  {
    category: "saelgertips",
    title: "Hvad sælger bedst på et loppemarked?",
    posts: [
      [4, "Jeg rydder op i kælderen. Hvad skal jeg prioritere at tage med?"],
      [2, "Børneting, værktøj, køkkenting og bøger går altid. Store møbler er svære."],
      [8, "Retro-ting fra 60'erne og 70'erne! Kaffestel, lamper og plakater."],
      [7, "LEGO. Selv løse klodser i en pose går som varmt brød."],
    ],
  },
  {
    category: "arrangoerer",
    title: "Skal man søge tilladelse for at holde loppemarked?",
    posts: [
      [9, "Vi vil holde et loppemarked på en parkeringsplads i vores boligforening. Skal vi søge noget?"],
      [11, "På privat grund skal I have ejerens accept. Bruger I offentlig vej eller plads, skal I søge kommunen om råden over vejareal."],
      [1, "Sælger I mad eller drikke, skal I også tjekke reglerne hos Fødevarestyrelsen."],
      [9, "Tak, vi er på privat grund, så det er heldigvis enkelt."],
    ],
  },
  {
    category: "arrangoerer",
    title: "Hvad tager I i standleje?",
    posts: [
      [6, "Vi starter et månedligt marked i en lade. Hvad er en rimelig pris for en stadeplads?"],
      [3, "Ude på landet 50–100 kr. for en plads på 3 meter. I byerne ser man 150–250 kr."],
      [11, "Start lavt de første gange, så sælgerne kommer. Det er dem, der trækker køberne."],
      [6, "Vi starter med 75 kr. og et bord med i prisen."],
    ],
  },
  {
    category: "arrangoerer",
    title: "Hvordan får man flere købere til et nyt marked?",
    posts: [
      [1, "Vores nye marked har fine sælgere, men for få købere. Hvor annoncerer I?"],
      [7, "Opret markedet her på Loppeguiden med faste datoer, så det dukker op i kalenderen og på kortet."],
      [9, "Skilte ved indfaldsvejene ugen før virker stadig bedst i mindre byer."],
      [4, "Lokalavisens gratis arrangementskalender og byens Facebook-gruppe."],
      [1, "Tak, vi prøver det hele til næste gang!"],
    ],
  },
  {
    category: "arrangoerer",
    title: "Affald og oprydning efter markedet",
    locked: true,
    posts: [
      [11, "Sidste gang lod flere sælgere ting stå, da de tog hjem. Hvordan håndterer I det?"],
      [6, "Skriv i reglerne, at man tager alt med hjem, og opkræv et depositum på 50 kr., som man får tilbage."],
      [3, "Vi har en aftale med en genbrugsbutik, der henter det, der står tilbage."],
      [1, "Tak for svarene. Jeg lukker tråden, nu spørgsmålet er besvaret."],
    ],
  },
  {
    category: "arrangoerer",
    title: "Forsikring for arrangører – hvad skal man tænke på?",
    posts: [
      [7, "Skal man som arrangør have en særlig forsikring, hvis nogen kommer til skade?"],
      [11, "Tjek først, hvad foreningens ansvarsforsikring dækker. Mange dækker også arrangementer."],
    ],
  },
  {
    category: "loppefund",
    title: "Fandt en Royal Copenhagen-platte til 20 kr.",
    posts: [
      [2, "Lå i en kasse med alt til 20 kr. Blå musselmalet, helt uden skår. Jeg er helt høj!"],
      [8, "Flot fund! Tjek stemplet på bagsiden. Tre bølger og årstal fortæller, hvornår den er lavet."],
      [4, "Misundelig! Det bedste, jeg har fundet i år, er en termokande."],
      [2, "Bølgerne er der, og den er fra 1970'erne ifølge stemplet."],
    ],
  },
  {
    category: "loppefund",
    title: "Hvad er det her for en ting?",
    posts: [
      [5, "Købt for 10 kr.: en lille messingting med et håndtag og en skrue, der kan spændes. Nogen, der ved, hvad det er?"],
      [3, "Det lyder som en gammel nøddeknækker eller en skruetvinge til et sybord."],
      [9, "Har den et lille hjul? Så er det en kagespore til at skære dej."],
      [5, "Ingen hjul, men den kan sættes fast på en bordkant. Så er det nok sybordet!"],
    ],
  },
  {
    category: "loppefund",
    title: "Årets bedste fund – vis jeres!",
    posts: [
      [0, "Året er snart omme. Hvad er jeres bedste loppefund i år? Mit er en teaklænestol til 150 kr."],
      [10, "En hel kasse Anders And-blade fra 1978. Mine børn læser dem hver aften."],
      [6, "En støbejernsgryde, som bare skulle renses. Den er bedre end alle mine nye."],
      [11, "En gammel radio, der stadig virker. Den spiller i køkkenet hver morgen."],
      [7, "Tre LP'er med Gasolin' til 10 kr. stykket."],
    ],
  },
  {
    category: "loppefund",
    title: "Gammel kommode – male den eller lade den være?",
    posts: [
      [4, "Jeg har fundet en gammel fyrretræskommode. Den er slidt, men fin. Skal jeg male den?"],
      [8, "Slib og olier den først. Så kan du altid male senere, men ikke omvendt."],
      [2, "Hvis den er fra før 1950, så lad være med at male. Patinaen er en del af værdien."],
    ],
  },
  {
    category: "loppefund",
    title: "Fundet: Kay Bojesen-abe på et loppemarked i {by}",
    aboutMarket: true,
    posts: [
      [9, "Stod mellem en masse plastiklegetøj på {marked}. Jeg betalte 40 kr. og tjekkede stemplet bagefter. Den er ægte!"],
      [1, "Det er jo helt vildt! Sådan nogle fund er grunden til, at man står op kl. 6."],
      [6, "Tillykke. Husk at den må få lidt olie en gang imellem."],
    ],
  },
  {
    category: "spoergsmaal-om-markeder",
    title: "Må man tage hunden med på loppemarked?",
    posts: [
      [11, "Vores hund elsker lange ture. Er det almindeligt at tage hunde med på loppemarkeder?"],
      [5, "Udendørs er det som regel fint i snor. Indendørs markeder i haller siger tit nej."],
      [2, "Tænk på, at der er trangt mellem boderne og mange ben at træde på. En lille hund har det bedst på armen."],
    ],
  },
  {
    category: "saelgertips",
    title: "Er det pinligt at sælge sine egne gamle ting?",
    posts: [
      [10, "Jeg vil gerne sælge ud af mit gamle tøj og mine ting, men føler mig lidt flov ved at stå bag et bord. Er det kun mig?"],
      [3, "Overhovedet ikke! De fleste sælgere er helt almindelige folk, der rydder op. Køberne er glade for, at du gør det."],
      [7, "Tag en ven med. Så bliver det en hyggelig dag, uanset hvad I sælger."],
      [10, "Godt råd. Jeg spørger min søster, om hun vil med."],
    ],
  },
  {
    category: "loppefund",
    title: "Mit bedste fund: en gammel symaskine, der stadig syr",
    posts: [
      [8, "Købte en Husqvarna fra 60'erne for 100 kr. Lidt olie, og så syede den som ny."],
      [0, "De gamle maskiner er uopslidelige. Min mormors kører stadig."],
      [4, "Hvor finder man en manual til sådan en? Jeg har også købt én."],
      [8, "Mange kan hentes som pdf hos symaskineforhandlere. Søg på modelnummeret under maskinen."],
    ],
  },
];
