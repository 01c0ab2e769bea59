/** The words each locale agrees on; common/src/locales.test.ts holds every catalogue to them. */

/**
 * The agreed words per locale, for like, match, swipe, premium, member and sign up, and the form of
 * address. `avoid` lists what a text must not say instead, matched case-insensitively on word
 * boundaries: a string is a word or phrase, a RegExp a stem with every ending it takes (pl imię,
 * imienia, imieniu…) or a form only a pattern can catch (a tu-imperative, a formal imperative).
 * `use` is there for translators. `except` names the texts SPEC.md fixes word for word. `terms` holds one
 * word a concept (the chosen one in `use`, the variants that crept in in `avoid`), and `apostrophe` the one
 * apostrophe the locale writes.
 */
interface Term {
  use: string;
  avoid: (string | RegExp)[];
}
interface Glossary {
  use: string;
  avoid: (string | RegExp)[];
  /** Forms that are wrong only capitalised, such as a formal "you". */
  avoidCapitalised?: string[];
  /** Words written in lower case except at the start of a sentence (pl ty, twój: no capital of respect). */
  lowerCaseMidSentence?: string[];
  except?: string[];
  terms?: Record<string, Term>;
  apostrophe: "'" | '’';
}
/**
 * "Polub: {{name}}" dodges declining the name. In pl the name is the subject or follows a declined
 * użytkownik ("Polub użytkownika {{name}}"); in fi it follows a declined noun ("Tykkää käyttäjästä {{name}}").
 */
const NAME_AFTER_COLON = /\p{L}+: \{\{name\}\}/u;
export const GLOSSARY: Record<string, Glossary> = {
  da: {
    use: 'like, match, swipe, premiummedlem, medlem, tilmeld dig, kredit/kreditter; du',
    avoid: ['hollandsk', /credits?/],
    terms: {
      photo: { use: 'billede/billeder', avoid: [/fot(?:o|oet|os|oer|oerne)/u] },
      label: { use: 'mærkning', avoid: [/mærkat\p{L}*/u] },
    },
    apostrophe: "'",
  },
  de: {
    use: 'Like/liken/gelikt, Match, swipen, Premium-Mitglied, Mitglied, registrieren; du',
    avoid: ['geliked', 'Speichere, um ihn'],
    // "Ihnen", and a formal imperative such as "Wählen Sie": matched case-sensitively.
    avoidCapitalised: ['Ihnen', '\\p{L}+en Sie'],
    terms: {
      trial: { use: 'Probepaket', avoid: [/Probierpaket\p{L}*/u] },
      conversation: { use: 'Unterhaltung/Chat', avoid: [/Gespräch\p{L}*/u] },
      button: { use: 'Button', avoid: [/Schaltfläche\p{L}*/u] },
      // "Kollege", "Mitarbeiter" and "er" for a teammate assume a man.
      teammate: { use: 'jemand aus dem Team, Admins, Mitarbeiterkonto', avoid: [/Kolleg(?:e|en)/u, 'als Mitarbeiter'] },
    },
    apostrophe: "'",
  },
  en: {
    use: 'like, match, swipe, premium member, member, sign up; you',
    avoid: ['thousands of members'],
    apostrophe: "'",
  },
  es: {
    use: 'like/dar like, match, swipe, miembro premium, miembro, registrarse; tú',
    avoid: ['membresía', 'usted', 'ustedes', 'me gusta'],
    terms: {
      hiddenImage: { use: 'imagen oculta', avoid: [/marcador(?:es)?/u] },
      teammate: { use: 'alguien del equipo', avoid: [/compañer[oa]s?/u] },
    },
    apostrophe: "'",
  },
  fi: {
    use: 'tykkäys/tykätä, match, pyyhkäistä, premium-jäsen, jäsen, rekisteröityä, Match-haku; sinä',
    // "pisti silmääni" reads as "it stung my eye" ("caught my eye": "kiinnitti huomioni", "osui silmääni").
    avoid: [
      'Se on match',
      'Keskivertainen',
      'hienovarainen',
      /pisti silmää\p{L}*/u,
      /matchinhau?\p{L}*/u,
      NAME_AFTER_COLON,
    ],
    apostrophe: "'",
  },
  fr: {
    use: 'like/liker, match, swipe, membre premium, membre, s’inscrire, Recherche de match; vous',
    avoid: [
      'tu',
      'ton',
      'ta',
      'tes',
      'toi',
      'te',
      "t'",
      't’',
      'Match Finder',
      'Trouver un match',
      // A tu-imperative: "Choisis-en une", "Regarde", "Écris-lui", "Ajoute"… (the vous forms end in -ez).
      /\p{L}+(?<!ez|es|nous|vous)-(?:en|toi|le|la|les|lui|leur|y|moi|nous)/u,
      /(?<=^|[.!?:«]\s*)(?:choisis|regarde|écris|ajoute|envoie|essaie|découvre|trouve|commence|rejoins|inscris|connecte|clique|vérifie|fais|dis|viens|reviens|prends|mets|garde|laisse|lis|complète|indique|saisis|utilise|profite|retrouve|confirme|ouvre|réessaie|attends|crée|vois|montre|écoute|patiente|va)/,
      // A member is addressed without a masculine participle or adjective ("quand vous serez prêt").
      /(?:serez|êtes|soyez|étiez) (?:prêt|sûr|certain|seul|connecté|inscrit|abonné|intéressé)/u,
    ],
    terms: {
      trial: { use: 'pack d’essai', avoid: [/packs? découverte/u] },
      // "un collègue", "membre gratuit" and "il" for an admin assume a man.
      teammate: { use: 'quelqu’un de l’équipe, l’administration', avoid: [/collègues?/u, 'membre gratuit'] },
    },
    apostrophe: '’',
  },
  it: {
    use: 'like/mettere like, match, swipe, passare a premium (account premium), iscritto, iscriversi; tu',
    // A member is addressed without a masculine participle or adjective.
    avoid: [
      'membro',
      'membri',
      /sei (?:stato|sicuro|pronto|arrivato|entrato|connesso|un iscritto|iscritto)/,
      /(?<!il )benvenuto/,
      /divent(?:a|i|are) (?:un )?iscritto/,
      /come iscritto/,
      // A teammate is "qualcuno del team", not "un collega".
      'collega',
    ],
    terms: { email: { use: 'email', avoid: [/\p{L}*['’]?e-mail/u] } },
    apostrophe: "'",
  },
  nb: {
    use: 'like, match, sveipe, premiummedlem, medlem, registrere seg; du',
    avoid: ['hollandsk'],
    terms: {
      // "Lik" is also a corpse: a like is given ("Gi en like", "Gi {{name}} en like").
      like: { use: 'en like, gi en like, liker', avoid: ['lik'] },
      cookies: { use: 'cookies', avoid: [/informasjonskaps\p{L}*/u] },
    },
    apostrophe: "'",
  },
  nl: {
    use: 'like/liken, match, swipen, premiumlid/premiumleden, lid/leden, aanmelden, Matchzoeker; je/jij',
    avoid: ['premium lid', 'premium leden', 'u', 'uw', 'minderjarige profielen', 'fysieke afspraken', 'matchfinder'],
    except: ['errors:field.birthdate_required'],
    apostrophe: "'",
  },
  pl: {
    use: 'polubienie/polubić, para, przesuwać, użytkownik premium, użytkownik, zarejestrować się, nazwa profilu; ty',
    // The profile name is "nazwa profilu", never imię in any form; a member is addressed without a
    // masculine past tense or adjective ("zrobiłeś", "jesteś pewien").
    avoid: [
      /imi(?:ę|eni\p{L}*|on\p{L}*)/u,
      'samemu',
      /\p{L}+łeś/u,
      /\p{L}+łbyś/u,
      /(?:jesteś|będziesz) (?:pewien|pewny|gotowy|zalogowany|zarejestrowany|sam)/,
      NAME_AFTER_COLON,
      // A name is not declined by a preposition ("od {{sender}}", "do {{other}}") nor set apart by a
      // dash ("{{name}} – polub"): it stands as the subject ("{{sender}} pisze do ciebie") or after
      // użytkownik in any case ("Polub użytkownika {{name}}").
      /(?:od|do|z|ze|dla|u|przez|o) \{\{(?:name|sender|other|liker)\}\}/u,
      /\{\{name\}\} –/u,
    ],
    terms: {
      site: { use: 'w serwisie {{site}}, do serwisu {{site}}', avoid: [/(?:w|we|na|do|z|ze|od|dla) \{\{site\}\}/u] },
    },
    apostrophe: "'",
    avoidCapitalised: ['Pan', 'Pani', 'Państwo'],
    lowerCaseMidSentence: [
      'Ty',
      'Twój',
      'Twoja',
      'Twoje',
      'Twojego',
      'Twojej',
      'Twoim',
      'Twoich',
      'Twoimi',
      'Twoją',
      'Twoi',
      'Ciebie',
      'Cię',
      'Ci',
      'Tobie',
      'Tobą',
    ],
  },
  sv: {
    use: 'gilla/gillning, match/matcher, svepa, premiummedlem, medlem, registrera sig, Matchsök; du',
    // "kinkig" means fussy: the niche is kink.
    avoid: ['matchning', 'matchningar', 'Flintskallig', 'banderollen', /kinkig\p{L}*/u, /matchfinnar\p{L}*/u],
    apostrophe: "'",
  },
};
