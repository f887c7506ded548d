import { EXTENDED_PROFILE_FIELDS } from '@attune/contract';

type FieldName = (typeof EXTENDED_PROFILE_FIELDS)[number];
export type Visibility = 'only_me' | 'connections' | 'members' | 'staff';
export type Labels = [en: string, de: string, es: string];

export interface FieldDefinition {
  type: 'yesno' | 'multiselect' | 'selectbox' | 'number' | 'textarea' | 'textbox';
  defaultVisibility: Visibility;
  /** Health data (GDPR art. 9). */
  isHealth: boolean;
  /** Choices kept in the database (staff may add more later); other choice fields use reference lists. */
  options?: Record<string, Labels>;
}

const health = (
  type: FieldDefinition['type'],
  options?: Record<string, Labels>,
): FieldDefinition => ({
  type,
  defaultVisibility: 'connections',
  isHealth: true,
  ...(options ? { options } : {}),
});

const EAR_OPTIONS: Record<string, Labels> = {
  'cochlear-implant': ['Cochlear implant', 'Cochlea-Implantat', 'Implante coclear'],
  'hearing-aid': ['Hearing aid', 'Hörgerät', 'Audífono'],
  'bone-conduction': [
    'Bone conduction implant',
    'Knochenleitungsimplantat',
    'Implante de conducción ósea',
  ],
  'middle-ear-implant': ['Middle ear implant', 'Mittelohrimplantat', 'Implante de oído medio'],
  'brainstem-implant': [
    'Auditory brainstem implant',
    'Hirnstammimplantat',
    'Implante auditivo de tronco cerebral',
  ],
  'no-device-hearing': [
    'No device, I hear with this ear',
    'Kein Gerät, ich höre mit diesem Ohr',
    'Sin dispositivo, oigo con este oído',
  ],
  'no-device-deaf': [
    'No device, I do not hear with this ear',
    'Kein Gerät, ich höre auf diesem Ohr nicht',
    'Sin dispositivo, no oigo con este oído',
  ],
};

/** Field group 1 (spec §3), with type, privacy default and, for choice fields, their options. */
export const FIELD_CATALOGUE: Record<FieldName, FieldDefinition> = {
  'completed setup': { type: 'yesno', defaultVisibility: 'only_me', isHealth: false },
  interests: {
    type: 'multiselect',
    defaultVisibility: 'members',
    isHealth: false,
    options: {
      music: ['Music', 'Musik', 'Música'],
      travel: ['Travel', 'Reisen', 'Viajes'],
      sports: ['Sports', 'Sport', 'Deporte'],
      technology: ['Technology', 'Technik', 'Tecnología'],
      reading: ['Reading', 'Lesen', 'Lectura'],
      nature: ['Nature and hiking', 'Natur und Wandern', 'Naturaleza y senderismo'],
      cooking: ['Cooking', 'Kochen', 'Cocina'],
      arts: ['Arts and crafts', 'Kunst und Handwerk', 'Arte y manualidades'],
      family: ['Family', 'Familie', 'Familia'],
      languages: ['Languages', 'Sprachen', 'Idiomas'],
      volunteering: ['Volunteering', 'Ehrenamt', 'Voluntariado'],
      'theatre-film': ['Theatre and film', 'Theater und Film', 'Teatro y cine'],
    },
  },
  'speaking languages': { type: 'multiselect', defaultVisibility: 'members', isHealth: false },
  stage: health('selectbox', {
    considering: [
      'Thinking about a hearing implant or aid',
      'Ich denke über ein Hörimplantat oder Hörgerät nach',
      'Estoy pensando en un implante o audífono',
    ],
    evaluation: [
      'In evaluation at a clinic',
      'In Abklärung in einer Klinik',
      'En evaluación en una clínica',
    ],
    'awaiting-surgery': [
      'Waiting for surgery',
      'Warte auf die Operation',
      'Esperando la operación',
    ],
    'first-year': [
      'First year with my device',
      'Erstes Jahr mit meinem Gerät',
      'Primer año con mi dispositivo',
    ],
    experienced: [
      'Experienced user',
      'Erfahrene Nutzerin / erfahrener Nutzer',
      'Usuario con experiencia',
    ],
    'family-member': ['Family member or friend', 'Angehörige oder Freund', 'Familiar o amigo'],
    professional: ['Hearing professional', 'Fachperson für Hören', 'Profesional de la audición'],
  }),
  'year of birth': { type: 'number', defaultVisibility: 'connections', isHealth: false },
  'welcome message': { type: 'textarea', defaultVisibility: 'members', isHealth: false },
  'enable automatic response': { type: 'yesno', defaultVisibility: 'only_me', isHealth: false },
  'automatic response': { type: 'textarea', defaultVisibility: 'only_me', isHealth: false },
  journey: health('selectbox', {
    'born-deaf': [
      'Born deaf or hard of hearing',
      'Gehörlos oder schwerhörig geboren',
      'Nací sordo o con hipoacusia',
    ],
    childhood: [
      'Hearing loss in childhood',
      'Hörverlust in der Kindheit',
      'Pérdida auditiva en la infancia',
    ],
    gradual: [
      'Gradual hearing loss as an adult',
      'Allmählicher Hörverlust als Erwachsene/r',
      'Pérdida auditiva gradual en la edad adulta',
    ],
    sudden: ['Sudden hearing loss', 'Plötzlicher Hörverlust', 'Pérdida auditiva súbita'],
    'age-related': [
      'Age-related hearing loss',
      'Altersbedingter Hörverlust',
      'Pérdida auditiva por la edad',
    ],
    other: ['Another path', 'Ein anderer Weg', 'Otro camino'],
  }),
  'my journey description': health('textarea'),
  'left ear': health('selectbox', EAR_OPTIONS),
  'right ear': health('selectbox', EAR_OPTIONS),
  'device type': health('selectbox', {
    'cochlear-implant': ['Cochlear implant', 'Cochlea-Implantat', 'Implante coclear'],
    'hearing-aid': ['Hearing aid', 'Hörgerät', 'Audífono'],
    bimodal: [
      'Implant and hearing aid (bimodal)',
      'Implantat und Hörgerät (bimodal)',
      'Implante y audífono (bimodal)',
    ],
    'bone-conduction': [
      'Bone conduction implant',
      'Knochenleitungsimplantat',
      'Implante de conducción ósea',
    ],
    'middle-ear-implant': ['Middle ear implant', 'Mittelohrimplantat', 'Implante de oído medio'],
    'brainstem-implant': [
      'Auditory brainstem implant',
      'Hirnstammimplantat',
      'Implante auditivo de tronco cerebral',
    ],
    none: ['No device yet', 'Noch kein Gerät', 'Todavía sin dispositivo'],
  }),
  country: { type: 'selectbox', defaultVisibility: 'members', isHealth: false },
  region: { type: 'selectbox', defaultVisibility: 'members', isHealth: false },
  'use hearing': health('yesno'),
  'seek support for': {
    type: 'multiselect',
    defaultVisibility: 'connections',
    isHealth: true,
    options: {
      'getting-started': ['Getting started', 'Den Anfang finden', 'Dar los primeros pasos'],
      surgery: [
        'Preparing for surgery',
        'Vorbereitung auf die Operation',
        'Prepararme para la operación',
      ],
      rehabilitation: ['Hearing rehabilitation', 'Hörtraining und Reha', 'Rehabilitación auditiva'],
      'phone-calls': ['Phone calls', 'Telefonieren', 'Llamadas telefónicas'],
      music: ['Enjoying music again', 'Wieder Musik genießen', 'Volver a disfrutar de la música'],
      work: ['Work', 'Beruf', 'Trabajo'],
      school: ['School and studies', 'Schule und Studium', 'Escuela y estudios'],
      technology: ['Accessories and technology', 'Zubehör und Technik', 'Accesorios y tecnología'],
      'emotional-support': [
        'Someone who understands',
        'Jemand, der versteht',
        'Alguien que me entienda',
      ],
    },
  },
  'hearing aid type': health('selectbox', {
    bte: ['Behind the ear', 'Hinter dem Ohr', 'Retroauricular'],
    ric: ['Receiver in canal', 'Hörer im Kanal', 'Receptor en el canal'],
    ite: ['In the ear', 'Im Ohr', 'Intraauricular'],
    cic: ['Completely in canal', 'Vollständig im Gehörgang', 'Completamente en el canal'],
    cros: ['CROS or BiCROS', 'CROS oder BiCROS', 'CROS o BiCROS'],
    none: ['I do not use a hearing aid', 'Ich trage kein Hörgerät', 'No uso audífono'],
  }),
  headline: { type: 'textbox', defaultVisibility: 'members', isHealth: false },
};

/** Display name as stored ("Completed setup"); lookups ignore case. */
export const displayName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export const PROFILE_FIELD_DEFINITIONS = EXTENDED_PROFILE_FIELDS.map((name) => ({
  name: displayName(name),
  ...FIELD_CATALOGUE[name],
}));

/** BuddyPress's name of extended profile group 1, the one every field of ours belongs to. */
export const PROFILE_GROUP_NAME = 'Base';
