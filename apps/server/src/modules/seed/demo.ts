import {
  HEALTH_CONSENT_VERSION,
  type MemberReportReason,
  type NotificationKind,
  type Role,
} from '@attune/contract';
import type { Db } from '../../db/client';
import { DEMO_PASSWORD, hashPassword } from '../auth/service';
import * as chat from '../chat/service';
import * as connections from '../connections/service';
import * as comments from '../comments/service';
import * as groups from '../groups/service';
import * as notifications from '../notifications/service';
import * as posts from '../posts/service';
import * as staff from '../staff/service';
import * as support from '../support/service';
import * as users from '../users/service';

/** The demo password of every demo account (README; local mode only); refused for real accounts. */
export { DEMO_PASSWORD };

interface DemoAccount {
  email: string;
  username: string;
  nickname: string;
  firstName: string;
  lastName: string;
  locale: 'en' | 'de' | 'es';
  roles: Role[];
  area?: string;
  description?: string;
  /** Extended field values by field name; 'completed setup' defaults to yes. */
  profile?: Record<string, string>;
  visibility?: Record<string, 'only_me' | 'connections' | 'members' | 'staff'>;
}

const done = (profile: Record<string, string>) => ({ 'completed setup': 'yes', ...profile });

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@attune.example',
    username: 'admin',
    nickname: 'Alex Admin',
    firstName: 'Alex',
    lastName: 'Admin',
    locale: 'en',
    roles: ['super_admin'],
    description: 'I look after Attune and its members.',
    profile: done({
      headline: 'Community administrator',
      country: 'GB',
      'speaking languages': 'en,de',
      'welcome message': 'Welcome! Write to me if anything feels unclear.',
    }),
  },
  {
    email: 'manager@medel.example',
    username: 'manager',
    nickname: 'Mara Manager',
    firstName: 'Mara',
    lastName: 'Berger',
    locale: 'de',
    roles: ['area_manager'],
    area: 'dach',
    description: 'Ich betreue die Gemeinschaft in Deutschland, Österreich und der Schweiz.',
    profile: done({
      headline: 'Ansprechpartnerin für die DACH-Region',
      country: 'AT',
      region: 'Tirol',
      'speaking languages': 'de,en',
    }),
  },
  {
    email: 'mentor@attune.example',
    username: 'mentor',
    nickname: 'Miguel Mentor',
    firstName: 'Miguel',
    lastName: 'Ortega',
    locale: 'es',
    roles: ['mentor'],
    area: 'spain',
    description: 'Llevo un implante coclear desde 2012 y acompaño a quienes empiezan.',
    profile: done({
      headline: 'Mentor: doce años con implante coclear',
      country: 'ES',
      region: 'Madrid',
      'speaking languages': 'es,en',
      stage: 'experienced',
      journey: 'sudden',
      'my journey description':
        'Perdí la audición de golpe a los 35 años. El implante me devolvió las conversaciones.',
      'left ear': 'cochlear-implant',
      'right ear': 'no-device-deaf',
      'device type': 'cochlear-implant',
      'use hearing': 'yes',
      interests: 'music,travel,volunteering',
      'seek support for': 'emotional-support',
      'year of birth': '1977',
      'enable automatic response': 'yes',
      'automatic response': 'Gracias por escribir. Respondo por las tardes.',
    }),
    visibility: {
      'left ear': 'members',
      'device type': 'members',
      journey: 'members',
      'my journey description': 'members',
    },
  },
  {
    email: 'staff@medel.example',
    username: 'staff',
    nickname: 'Sophie Staff',
    firstName: 'Sophie',
    lastName: 'Keller',
    locale: 'de',
    roles: ['medel_user'],
    area: 'dach',
    description: 'Audiologin im Kundenservice.',
    profile: done({
      headline: 'Audiologin im Service-Team',
      country: 'DE',
      region: 'Bayern',
      'speaking languages': 'de,en,fr',
    }),
  },
  {
    email: 'member@attune.example',
    username: 'member',
    nickname: 'Maria Member',
    firstName: 'Maria',
    lastName: 'Lopez',
    locale: 'en',
    roles: ['member'],
    area: 'international',
    description: 'Bimodal listener, music lover, slowly learning to enjoy concerts again.',
    profile: done({
      headline: 'Enjoying music again, one song at a time',
      country: 'IE',
      region: 'Dublin',
      'speaking languages': 'en,es',
      stage: 'first-year',
      journey: 'gradual',
      'my journey description':
        'My hearing faded over twenty years. Activation day was overwhelming and wonderful.',
      'left ear': 'cochlear-implant',
      'right ear': 'hearing-aid',
      'device type': 'bimodal',
      'hearing aid type': 'ric',
      'use hearing': 'yes',
      interests: 'music,reading,nature',
      'seek support for': 'music,phone-calls',
      'year of birth': '1958',
    }),
  },
  {
    email: 'newcomer@attune.example',
    username: 'newcomer',
    nickname: 'Noah Newcomer',
    firstName: 'Noah',
    lastName: 'Smith',
    locale: 'en',
    roles: ['member'],
    profile: { 'completed setup': 'no', country: 'US' },
  },
  {
    email: 'klaus@attune.example',
    username: 'klaus',
    nickname: 'Klaus Weber',
    firstName: 'Klaus',
    lastName: 'Weber',
    locale: 'de',
    roles: ['member'],
    area: 'dach',
    description: 'Rentner, Hörgeräteträger seit 15 Jahren, denke über ein Implantat nach.',
    profile: done({
      headline: 'Überlege, ob ein CI das Richtige ist',
      country: 'DE',
      region: 'Nordrhein-Westfalen',
      'speaking languages': 'de',
      stage: 'considering',
      journey: 'age-related',
      'left ear': 'hearing-aid',
      'right ear': 'hearing-aid',
      'device type': 'hearing-aid',
      'hearing aid type': 'bte',
      'use hearing': 'yes',
      interests: 'nature,family,reading',
      'seek support for': 'getting-started,surgery',
      'year of birth': '1951',
    }),
  },
  {
    email: 'lucia@attune.example',
    username: 'lucia',
    nickname: 'Lucía Fernández',
    firstName: 'Lucía',
    lastName: 'Fernández',
    locale: 'es',
    roles: ['member'],
    area: 'latin-america',
    description: 'Mamá de Tomás, que recibió su implante a los dos años.',
    profile: done({
      headline: 'Madre de un niño con implante',
      country: 'MX',
      region: 'Jalisco',
      'speaking languages': 'es',
      stage: 'family-member',
      interests: 'family,cooking,arts',
      'seek support for': 'school,emotional-support',
      'year of birth': '1988',
    }),
  },
  {
    email: 'sam@attune.example',
    username: 'sam',
    nickname: 'Sam Taylor',
    firstName: 'Sam',
    lastName: 'Taylor',
    locale: 'en',
    roles: ['member'],
    area: 'north-america',
    description: 'Born deaf, bilateral CI user, software developer.',
    profile: done({
      headline: 'Bilateral CI, signing and speaking',
      country: 'CA',
      region: 'Ontario',
      'speaking languages': 'en,fr',
      stage: 'experienced',
      journey: 'born-deaf',
      'left ear': 'cochlear-implant',
      'right ear': 'cochlear-implant',
      'device type': 'cochlear-implant',
      'use hearing': 'yes',
      interests: 'technology,sports,theatre-film',
      'seek support for': 'work,technology',
      'year of birth': '1990',
    }),
    visibility: { 'year of birth': 'only_me' },
  },
  {
    email: 'ingrid@attune.example',
    username: 'ingrid',
    nickname: 'Ingrid Huber',
    firstName: 'Ingrid',
    lastName: 'Huber',
    locale: 'de',
    roles: ['member'],
    area: 'dach',
    profile: done({
      headline: 'Warte auf meine OP im Frühjahr',
      country: 'CH',
      region: 'Zürich',
      'speaking languages': 'de,it',
      stage: 'awaiting-surgery',
      journey: 'sudden',
      'left ear': 'no-device-deaf',
      'right ear': 'hearing-aid',
      'device type': 'hearing-aid',
      'use hearing': 'yes',
      interests: 'travel,languages',
      'seek support for': 'surgery,rehabilitation',
    }),
  },
  {
    email: 'carmen@attune.example',
    username: 'carmen',
    nickname: 'Carmen Ruiz',
    firstName: 'Carmen',
    lastName: 'Ruiz',
    locale: 'es',
    roles: ['member'],
    area: 'spain',
    description: 'Empezando mi perfil poco a poco.',
    profile: { 'completed setup': 'no', country: 'ES', 'speaking languages': 'es,ca' },
  },
];

/** Demo connections (by username): accepted unless marked pending. */
/**
 * Conversations between connected demo members, in order: [from, to, text]. The last message to
 * Maria stays unread, so the header shows a chat count.
 */
const DEMO_MESSAGES: [string, string, string][] = [
  ['member', 'mentor', 'Hi Miguel, my activation is next Tuesday. Is it normal to feel nervous?'],
  [
    'mentor',
    'member',
    'Very normal! Bring someone you trust, and expect voices to sound odd at first. It gets better week by week.',
  ],
  ['member', 'mentor', 'Thank you, that helps a lot.'],
  ['sam', 'member', 'Are you coming to the group call on Thursday? I can send you the link.'],
  [
    'klaus',
    'ingrid',
    'Hallo Ingrid, hast du schon das neue Zubehör für den Fernseher ausprobiert?',
  ],
  [
    'ingrid',
    'klaus',
    'Ja, seit letzter Woche. Der Ton kommt direkt ins Implantat – sehr angenehm.',
  ],
  ['lucia', 'mentor', 'Hola Miguel, ¿cuánto tardaste en entender bien por teléfono?'],
  ['mentor', 'lucia', 'Unos tres meses. Practica con audiolibros y frases cortas cada día.'],
];

const DEMO_CONNECTIONS: [string, string, 'accepted' | 'pending'][] = [
  ['member', 'mentor', 'accepted'],
  ['member', 'sam', 'accepted'],
  ['klaus', 'ingrid', 'accepted'],
  ['lucia', 'mentor', 'accepted'],
  ['klaus', 'member', 'pending'],
];

/**
 * Posts and questions of the demo community, in its three languages, oldest first; the staff's
 * (admin, manager) show in every member's feed.
 */
export const DEMO_POSTS: {
  author: string;
  kind: 'post' | 'question';
  language: 'en' | 'de' | 'es';
  title: string;
  html: string;
  /** The name of the demo group it is written in (DEMO_GROUPS), if any. */
  group?: string;
  /** Comments (answers, for a question) in order: author and text. */
  comments?: { author: string; html: string }[];
  /** A member who reported the post to the staff (it waits in the staff's reports queue). */
  report?: { by: string; reason: MemberReportReason; details: string };
}[] = [
  {
    author: 'klaus',
    kind: 'post',
    language: 'de',
    title: 'Verkaufe meinen alten Soundprozessor',
    html: '<p>Ich habe einen neuen Prozessor bekommen und verkaufe den alten günstig. Wer Interesse hat, schreibt mir bitte eine Nachricht.</p>',
    report: {
      by: 'ingrid',
      reason: 'spam',
      details: 'Gebrauchte Medizinprodukte zu verkaufen ist hier doch nicht erlaubt, oder?',
    },
  },
  {
    author: 'admin',
    kind: 'post',
    language: 'en',
    title: 'Welcome to Attune: how this community works',
    html: '<p>Attune is a place to share your hearing journey, ask questions and help each other.</p><ul><li>Write a post or ask a question from your home page.</li><li>Mark answers as <strong>helpful</strong>, and accept the one that helped you most.</li><li>Our team reads along and is glad to help: see the Support page.</li></ul>',
  },
  {
    author: 'manager',
    kind: 'post',
    language: 'de',
    title: 'Willkommen in der Gemeinschaft',
    html: '<p>Schön, dass Sie da sind. Hier tauschen sich Menschen mit Implantaten und Hörgeräten aus. Bitte teilen Sie nur, was Sie teilen möchten: Sie entscheiden in Ihrem Profil, wer was sieht.</p>',
  },
  {
    author: 'klaus',
    kind: 'question',
    language: 'de',
    title: 'Lohnt sich ein CI mit über 70?',
    html: '<p>Mein HNO-Arzt schlägt mir ein Cochlea-Implantat vor. Ich bin 74 und unsicher, ob sich die Operation und das Hörtraining in meinem Alter noch lohnen.</p><p>Wer hat das <strong>spät im Leben</strong> gemacht und wie ging es Ihnen im ersten Jahr?</p>',
    group: 'Hören im Alter',
    comments: [
      {
        author: 'ingrid',
        html: '<p>Ich war 71 bei der Operation. Das erste halbe Jahr war anstrengend, aber heute telefoniere ich wieder mit meiner Schwester. Ich würde es wieder tun.</p>',
      },
      {
        author: 'member',
        html: '<p>My father had his at 78. The audiologist said age matters less than daily practice.</p>',
      },
    ],
  },
  {
    author: 'ingrid',
    kind: 'post',
    language: 'de',
    title: 'Mein erstes Jahr mit dem Implantat',
    html: '<p>Vor einem Jahr wurde mein Implantat eingeschaltet. Am Anfang klang alles metallisch, nach drei Monaten kamen die Vögel zurück.</p><ul><li>Täglich 20 Minuten Hörtraining mit Hörbüchern</li><li>Geduld mit sich selbst</li><li>Fragen bei der Anpassung aufschreiben</li></ul><p>Es lohnt sich.</p>',
  },
  {
    author: 'lucia',
    kind: 'question',
    language: 'es',
    title: '¿Cómo usan el teléfono con el procesador?',
    html: '<p>Desde la activación entiendo bien en persona, pero por teléfono me cuesta mucho. ¿Usan el streaming directo, el modo manos libres o algún truco?</p>',
    group: 'Comunidad en español',
    comments: [
      {
        author: 'carmen',
        html: '<p>A mí me ayuda mucho el streaming directo al procesador. Al principio practiqué con llamadas cortas a mi hija.</p>',
      },
    ],
  },
  {
    author: 'mentor',
    kind: 'post',
    language: 'es',
    title: 'Consejos para la primera cita de ajuste',
    html: '<p>Como mentora me preguntan a menudo por la primera programación. Tres consejos:</p><ol><li>Lleve una lista de situaciones difíciles (restaurante, coche, teléfono).</li><li>Pida que le expliquen cada programa.</li><li>No espere entenderlo todo el primer día.</li></ol>',
  },
  {
    author: 'sam',
    kind: 'question',
    language: 'en',
    title: 'Swimming with a bone conduction device?',
    html: '<p>Summer is coming and I would love to swim with my grandchildren. Does anyone use a waterproof cover, or do you simply take the processor off?</p>',
  },
  {
    author: 'member',
    kind: 'post',
    language: 'en',
    title: 'Captions made our family dinners easier',
    html: '<p>We started using live captions on a tablet at the dinner table. Nobody has to repeat themselves, and I follow the jokes again. Small change, big difference.</p>',
    comments: [
      {
        author: 'sam',
        html: '<p>Great idea. Which app do you use for the captions?</p>',
      },
    ],
  },
  {
    author: 'mentor',
    kind: 'post',
    language: 'en',
    title: 'Mentor round: what to ask at your next check-up',
    html: '<p>For our circle: a short list I give the members I accompany before a check-up. Please add what helped you.</p><ul><li>Which situations are still hard?</li><li>Is a new program worth trying?</li></ul>',
    group: 'Mentors’ circle',
  },
  {
    author: 'manager',
    kind: 'post',
    language: 'en',
    title: 'Team note: moderation rota for December',
    html: '<p>Only the team sees this group. Please add your free days to the rota by Friday.</p>',
    group: 'Attune team',
  },
];

/**
 * The demo community's groups: public, private (asking to join) and hidden (staff only). The
 * creator runs each; `pending` have asked to join.
 */
export const DEMO_GROUPS: {
  name: string;
  status: 'public' | 'private' | 'hidden';
  creator: string;
  members: string[];
  pending?: string[];
  descriptions: { en?: string; de?: string; es?: string };
}[] = [
  {
    name: 'Hören im Alter',
    status: 'public',
    creator: 'klaus',
    members: ['ingrid', 'member', 'mentor'],
    descriptions: {
      de: 'Für alle, die spät im Leben ein Implantat oder Hörgerät bekommen: Erfahrungen, Mut und Geduld.',
      en: 'For everyone who got an implant or hearing aid later in life: experiences, courage and patience.',
      es: 'Para quienes reciben un implante o audífono a una edad avanzada: experiencias, ánimo y paciencia.',
    },
  },
  {
    name: 'Comunidad en español',
    status: 'public',
    creator: 'lucia',
    members: ['carmen', 'mentor'],
    descriptions: {
      es: 'Un lugar para conversar en español sobre implantes, audífonos y el día a día.',
      en: 'A place to talk in Spanish about implants, hearing aids and everyday life.',
    },
  },
  {
    name: 'Mentors’ circle',
    status: 'private',
    creator: 'mentor',
    members: ['lucia'],
    pending: ['sam'],
    descriptions: {
      en: 'Mentors and members who want to become one share how they support newcomers. Ask to join.',
      de: 'Mentorinnen und Mentoren tauschen sich aus, wie sie neue Mitglieder begleiten. Bitte um Beitritt fragen.',
      es: 'Las personas mentoras comparten cómo acompañan a quienes llegan. Pida unirse.',
    },
  },
  {
    name: 'Attune team',
    status: 'hidden',
    creator: 'manager',
    members: ['admin', 'staff'],
    descriptions: { en: 'The team’s own room: rota, notes and questions to each other.' },
  },
];

/**
 * Seeds a small, living community once (local mode only): every role, several journeys, devices,
 * countries and regions in all three languages, two members mid-onboarding, a few connections,
 * groups of every kind, and posts and questions with answers in each language.
 * Accounts that exist are left as they are (idempotent).
 */
/** Requests waiting in the staff's support queue (sent signed out, as most are). */
export const DEMO_SUPPORT_REQUESTS: support.SeedRequest[] = [
  {
    formId: 'account',
    name: 'Hildegard Vogt',
    email: 'hildegard.vogt@example.org',
    message:
      'Ich habe mein Passwort vergessen und bekomme keinen Code per E-Mail. Können Sie mir helfen?',
    language: 'de',
  },
  {
    formId: 'technical',
    name: 'Tom Reed',
    email: 'tom.reed@example.org',
    message: 'The text is very small on my tablet even with the largest setting. Is there more?',
    language: 'en',
  },
];

export async function seedDemoContent(db: Db): Promise<number> {
  let created = 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    await db.transaction(async (tx) => {
      const existing = await users.findUserByEmail(tx, account.email);
      if (existing) {
        ids.set(account.username, existing.id);
        return;
      }
      const { profile = {}, visibility = {}, area, description, ...identity } = account;
      const row = await users.createMember(tx, {
        ...identity,
        passwordHash,
        registrationType: account.roles.some((role) => role === 'member' || role === 'mentor')
          ? 'regular'
          : 'medel',
        completedSetup: profile['completed setup'] === 'yes',
      });
      const hasHealthData = Object.keys(profile).some((name) => users.isHealthField(name));
      await users.updateUser(tx, row.id, {
        ...(area ? { area } : {}),
        ...(description ? { description } : {}),
        ...(hasHealthData
          ? { healthConsentAt: new Date(), healthConsentVersion: HEALTH_CONSENT_VERSION }
          : {}),
      });
      for (const [name, value] of Object.entries(profile))
        await users.setProfileValue(tx, row.id, name, value);
      for (const [name, level] of Object.entries(visibility))
        await users.setProfileVisibility(tx, row.id, name, level);
      ids.set(account.username, row.id);
      created += 1;
    });
  }
  if (created > 0) {
    // What happened in the demo community shows in the members' notifications, as it would have
    // (no mails: nobody reads the demo's addresses).
    const tell = async (
      recipientId: number,
      kind: NotificationKind,
      actorId: number,
      data: Record<string, number>,
    ) => {
      const recipient = await users.findUserById(db, recipientId);
      if (recipient) await notifications.notify(db, { recipient, kind, actorId, data });
    };
    for (const [a, b, status] of DEMO_CONNECTIONS) {
      const requester = ids.get(a);
      const addressee = ids.get(b);
      if (requester && addressee) {
        await connections.seedConnection(db, requester, addressee, status);
        if (status === 'pending') await tell(addressee, 'friend_request', requester, {});
      }
    }
    const groupIds = new Map<string, number>();
    for (const group of DEMO_GROUPS) {
      const creator = ids.get(group.creator);
      if (!creator) continue;
      const idsOf = (names: string[] = []) =>
        names.flatMap((name) => (ids.has(name) ? [ids.get(name)!] : []));
      const groupId = await groups.seedGroup(db, {
        name: group.name,
        descriptions: group.descriptions,
        status: group.status,
        creatorId: creator,
        memberIds: idsOf(group.members),
        pendingIds: idsOf(group.pending),
      });
      groupIds.set(group.name, groupId);
      for (const asker of idsOf(group.pending))
        await tell(creator, 'group_membership_request', asker, { groupId });
    }
    for (const [from, to, text] of DEMO_MESSAGES) {
      const sender = ids.get(from);
      const recipient = ids.get(to);
      if (sender && recipient) await chat.seedMessage(db, sender, recipient, text);
    }
    for (const post of DEMO_POSTS) {
      const author = ids.get(post.author);
      if (!author) continue;
      const postId = await posts.seedPost(db, author, post.kind, {
        title: post.title,
        content: post.html,
        language: post.language,
        ...(post.group && groupIds.has(post.group) ? { groupId: groupIds.get(post.group)! } : {}),
      });
      const reporter = post.report && ids.get(post.report.by);
      if (post.report && reporter)
        await staff.seedPostReport(db, {
          reporterId: reporter,
          reportedId: author,
          postId,
          reason: post.report.reason,
          details: post.report.details,
        });
      for (const comment of post.comments ?? []) {
        const commenter = ids.get(comment.author);
        if (!commenter) continue;
        const commentId = await comments.seedComment(db, commenter, postId, comment.html);
        await tell(author, 'comment_on_my_post', commenter, { postId, commentId });
      }
    }
    for (const request of DEMO_SUPPORT_REQUESTS) await support.seedRequest(db, request);
  }
  return created;
}
