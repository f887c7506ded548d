import type { Language } from '@attune/contract';
import { escapeHtml } from '../../lib/html';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type MailTemplate =
  | { kind: 'sign-up-code'; code: string; minutes: number }
  | { kind: 'already-registered'; loginUrl: string; recoverUrl: string }
  | { kind: 'reset-code'; code: string; minutes: number }
  | { kind: 'no-account'; signUpUrl: string }
  | { kind: 'password-changed'; supportEmail: string }
  | { kind: 'email-change-code'; code: string; minutes: number }
  | { kind: 'email-changed'; newEmail: string; supportEmail: string }
  /** A member asked to connect; `name` is their display name, `url` the connections page. */
  | { kind: 'friend-request'; name: string; url: string }
  /** A member accepted the recipient's connection request. */
  | { kind: 'friend-accepted'; name: string; url: string }
  /**
   * What became of a connection, told to the other member (`name` is who did it): their request
   * was not accepted (`declined`), a request to them was withdrawn (`withdrawn`), or the connection
   * was ended (`ended`). `url` is the connections page.
   */
  | {
      kind: 'connection-change';
      event: 'declined' | 'withdrawn' | 'ended';
      name: string;
      url: string;
    }
  /**
   * A member wrote to the recipient (`name`); one mail until the recipient reads the conversation
   * (decision 0045), never the message's text (it may hold health details). `url` opens it.
   */
  | { kind: 'message'; name: string; url: string }
  /**
   * A support request, to the support address: the form's name, who sent it (name, address,
   * member or not) and their message, with its reference.
   */
  | {
      kind: 'support-request';
      reference: string;
      form: string;
      name: string;
      email: string;
      member: boolean;
      message: string;
    }
  /** The confirmation of a support request to its sender (not their message: mail is not private). */
  | { kind: 'support-received'; reference: string; form: string }
  /**
   * Staff invite someone to join (step 9): `url` is the single-use sign-up link, `days` how long it
   * works, `role` the role's name in the mail's language when it is not a plain member ('' else).
   */
  | { kind: 'invitation'; url: string; days: number; role: string }
  /** Staff warn a member about what they wrote (a report they acted on); `note` is staff's text. */
  | { kind: 'moderation-warning'; note: string; guidelinesUrl: string }
  /** Staff suspended the member's account; `supportUrl` is the contact form. */
  | { kind: 'account-suspended'; supportUrl: string }
  /**
   * The weekly digest (the member's `weekly_digest` switch): how many messages and notifications
   * wait, and how many posts appeared in their groups this week; `url` is the start page.
   */
  | { kind: 'digest'; messages: number; notifications: number; groupPosts: number; url: string }
  /**
   * A member commented on the recipient's post (`comment`), replied to their comment (`reply`) or
   * mentioned them (`mention`); `title` is the post's title, `url` its page. No text of the comment
   * is copied into the mail (it may hold health details).
   */
  | {
      kind: 'comment';
      event: 'comment' | 'reply' | 'mention';
      name: string;
      title: string;
      url: string;
    }
  /**
   * About a group (`group`, its name): a member (`name`) asked to join a group the recipient runs
   * (`request`); the recipient's request to join was accepted (`accepted`); a member posted in a
   * group of the recipient's (`post`, `title` the post's title). `url` is the page to go to.
   */
  | {
      kind: 'group';
      event: 'request' | 'accepted' | 'post';
      name: string;
      group: string;
      title?: string;
      url: string;
    };

/** The one-time code a mail carries and how long it works, or null. */
export function codeOf(template: MailTemplate): { code: string; minutes: number } | null {
  return 'code' in template ? { code: template.code, minutes: template.minutes } : null;
}

interface Copy {
  subject: string;
  lines: string[];
}

const COPY: Record<Language, (template: MailTemplate) => Copy> = {
  en: (t) => {
    switch (t.kind) {
      case 'sign-up-code':
        return {
          subject: `Your Attune sign-up code: ${t.code}`,
          lines: [
            'Welcome to Attune.',
            `Your sign-up code is: ${t.code}`,
            `It is valid for ${t.minutes} minutes.`,
            'If you did not ask for it, you can ignore this e-mail.',
          ],
        };
      case 'already-registered':
        return {
          subject: 'You already have an Attune account',
          lines: [
            'Someone, probably you, tried to create an Attune account with this e-mail address.',
            'You already have an account.',
            `Log in: ${t.loginUrl}`,
            `Forgot your password? ${t.recoverUrl}`,
          ],
        };
      case 'reset-code':
        return {
          subject: `Your Attune password reset code: ${t.code}`,
          lines: [
            `Your code to reset your password is: ${t.code}`,
            `It is valid for ${t.minutes} minutes.`,
            'If you did not ask for it, you can ignore this e-mail. Your password stays the same.',
          ],
        };
      case 'no-account':
        return {
          subject: 'Resetting your Attune password',
          lines: [
            'Someone, probably you, asked to reset the password of an Attune account with this e-mail address.',
            'There is no Attune account with this address. If you have an account, you may have signed up with another address.',
            `To create an account: ${t.signUpUrl}`,
            'If you did not ask for this, you can ignore this e-mail.',
          ],
        };
      case 'password-changed':
        return {
          subject: 'Your Attune password was changed',
          lines: [
            'Your Attune password was just changed and you were logged out on all devices.',
            `If this was not you, please write to ${t.supportEmail} at once.`,
          ],
        };
      case 'email-change-code':
        return {
          subject: `Your code to confirm your new e-mail address: ${t.code}`,
          lines: [
            'You asked to use this e-mail address for your Attune account.',
            `Your confirmation code is: ${t.code}`,
            `It is valid for ${t.minutes} minutes. Your address changes only after you enter it in your settings.`,
            'If you did not ask for it, you can ignore this e-mail.',
          ],
        };
      case 'email-changed':
        return {
          subject: 'The e-mail address of your Attune account was changed',
          lines: [
            `The e-mail address of your Attune account was just changed to ${t.newEmail}.`,
            'From now on, mails from Attune go to the new address.',
            `If this was not you, please write to ${t.supportEmail} at once.`,
          ],
        };
      case 'digest':
        return {
          subject: 'Your week on Attune',
          lines: [
            'Here is what is waiting for you on Attune.',
            `Unread messages: ${t.messages}. Unread notifications: ${t.notifications}. New posts in your groups this week: ${t.groupPosts}.`,
            `Have a look: ${t.url}`,
            'You asked for this weekly e-mail; you can switch it off in your notification settings.',
          ],
        };
      case 'support-request':
        return {
          subject: `Support request ${t.reference}: ${t.form}`,
          lines: [
            `From: ${t.name} <${t.email}>${t.member ? ' (signed in)' : ' (not signed in)'}`,
            `Form: ${t.form}`,
            t.message,
          ],
        };
      case 'invitation':
        return {
          subject: 'You are invited to join Attune',
          lines: [
            `You are invited to Attune, the community for people with hearing implants and hearing aids${t.role ? `, as ${t.role}` : ''}.`,
            `Create your account here: ${t.url}`,
            `The link works once, for ${t.days} days. If you did not expect this invitation, you can ignore this e-mail.`,
          ],
        };
      case 'moderation-warning':
        return {
          subject: 'A note from the Attune team about your post',
          lines: [
            'Our team looked at something you wrote on Attune after another member reported it.',
            ...(t.note ? [`Their note: ${t.note}`] : []),
            `Please keep our community friendly and safe. Our guidelines: ${t.guidelinesUrl}`,
          ],
        };
      case 'account-suspended':
        return {
          subject: 'Your Attune account is suspended',
          lines: [
            'Our team suspended your Attune account after reviewing a report. You cannot sign in for now.',
            `If you think this is a mistake, please write to us: ${t.supportUrl}`,
          ],
        };
      case 'support-received':
        return {
          subject: `We received your request (${t.reference})`,
          lines: [
            `Thank you for writing to Attune support about: ${t.form}.`,
            `Your reference is ${t.reference}. We answer by e-mail, usually within two working days.`,
            'If you did not send this request, you can ignore this e-mail.',
          ],
        };
      case 'message':
        return {
          subject: `${t.name} sent you a message on Attune`,
          lines: [
            `${t.name} wrote to you on Attune.`,
            `Read and answer it here: ${t.url}`,
            'We send one e-mail per conversation until you have read it.',
            'You can switch off these e-mails in your notification settings.',
          ],
        };
      case 'friend-request':
        return {
          subject: `${t.name} would like to connect with you on Attune`,
          lines: [
            `${t.name} sent you a connection request on Attune.`,
            `You can accept or decline it on your connections page: ${t.url}`,
            'You can switch off these e-mails in your notification settings.',
          ],
        };
      case 'friend-accepted':
        return {
          subject: `${t.name} accepted your connection request`,
          lines: [
            `${t.name} accepted your connection request on Attune. You are now connected.`,
            `Your connections: ${t.url}`,
            'You can switch off these e-mails in your notification settings.',
          ],
        };
      case 'connection-change':
        return {
          subject:
            t.event === 'declined'
              ? `About your connection request to ${t.name}`
              : t.event === 'withdrawn'
                ? `${t.name} withdrew their connection request`
                : `${t.name} ended your connection on Attune`,
          lines: [
            t.event === 'declined'
              ? `${t.name} has not accepted your connection request on Attune. You can find other members who share your experience on your connections page.`
              : t.event === 'withdrawn'
                ? `${t.name} withdrew the connection request they sent you on Attune. There is nothing you need to do.`
                : `${t.name} and you are no longer connected on Attune.`,
            `Your connections: ${t.url}`,
            'You can switch off these e-mails in your notification settings.',
          ],
        };
      case 'group':
        return {
          subject:
            t.event === 'request'
              ? `${t.name} asks to join “${t.group}”`
              : t.event === 'accepted'
                ? `Welcome to “${t.group}”`
                : `${t.name} posted in “${t.group}”`,
          lines: [
            t.event === 'request'
              ? `${t.name} asks to join your group “${t.group}” on Attune.`
              : t.event === 'accepted'
                ? `Your request to join “${t.group}” on Attune was accepted. You are now a member.`
                : `${t.name} wrote “${t.title ?? ''}” in your group “${t.group}” on Attune.`,
            t.event === 'request' ? `Answer the request here: ${t.url}` : `Go there: ${t.url}`,
            'You can switch off these e-mails in your notification settings.',
          ],
        };
      case 'comment':
        return {
          subject:
            t.event === 'comment'
              ? `${t.name} commented on your post “${t.title}”`
              : t.event === 'reply'
                ? `${t.name} replied to your comment on “${t.title}”`
                : `${t.name} mentioned you in “${t.title}”`,
          lines: [
            t.event === 'comment'
              ? `${t.name} wrote a comment on your post “${t.title}” on Attune.`
              : t.event === 'reply'
                ? `${t.name} replied to your comment on “${t.title}” on Attune.`
                : `${t.name} mentioned you in a comment on “${t.title}” on Attune.`,
            `Read it here: ${t.url}`,
            'You can switch off these e-mails in your notification settings.',
          ],
        };
    }
  },
  de: (t) => {
    switch (t.kind) {
      case 'sign-up-code':
        return {
          subject: `Ihr Attune-Registrierungscode: ${t.code}`,
          lines: [
            'Willkommen bei Attune.',
            `Ihr Registrierungscode lautet: ${t.code}`,
            `Er ist ${t.minutes} Minuten gültig.`,
            'Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.',
          ],
        };
      case 'already-registered':
        return {
          subject: 'Sie haben bereits ein Attune-Konto',
          lines: [
            'Jemand, vermutlich Sie, wollte mit dieser E-Mail-Adresse ein Attune-Konto anlegen.',
            'Sie haben bereits ein Konto.',
            `Anmelden: ${t.loginUrl}`,
            `Passwort vergessen? ${t.recoverUrl}`,
          ],
        };
      case 'reset-code':
        return {
          subject: `Ihr Attune-Code zum Zurücksetzen des Passworts: ${t.code}`,
          lines: [
            `Ihr Code zum Zurücksetzen des Passworts lautet: ${t.code}`,
            `Er ist ${t.minutes} Minuten gültig.`,
            'Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren. Ihr Passwort bleibt unverändert.',
          ],
        };
      case 'no-account':
        return {
          subject: 'Zurücksetzen Ihres Attune-Passworts',
          lines: [
            'Jemand, vermutlich Sie, wollte das Passwort eines Attune-Kontos mit dieser E-Mail-Adresse zurücksetzen.',
            'Zu dieser Adresse gibt es kein Attune-Konto. Wenn Sie ein Konto haben, haben Sie sich vielleicht mit einer anderen Adresse registriert.',
            `Ein Konto anlegen: ${t.signUpUrl}`,
            'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.',
          ],
        };
      case 'password-changed':
        return {
          subject: 'Ihr Attune-Passwort wurde geändert',
          lines: [
            'Ihr Attune-Passwort wurde soeben geändert und Sie wurden auf allen Geräten abgemeldet.',
            `Wenn Sie das nicht waren, schreiben Sie bitte sofort an ${t.supportEmail}.`,
          ],
        };
      case 'email-change-code':
        return {
          subject: `Ihr Code zur Bestätigung Ihrer neuen E-Mail-Adresse: ${t.code}`,
          lines: [
            'Sie möchten diese E-Mail-Adresse für Ihr Attune-Konto verwenden.',
            `Ihr Bestätigungscode lautet: ${t.code}`,
            `Er ist ${t.minutes} Minuten gültig. Ihre Adresse ändert sich erst, wenn Sie ihn in Ihren Einstellungen eingeben.`,
            'Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.',
          ],
        };
      case 'email-changed':
        return {
          subject: 'Die E-Mail-Adresse Ihres Attune-Kontos wurde geändert',
          lines: [
            `Die E-Mail-Adresse Ihres Attune-Kontos wurde soeben in ${t.newEmail} geändert.`,
            'Ab jetzt gehen E-Mails von Attune an die neue Adresse.',
            `Wenn Sie das nicht waren, schreiben Sie bitte sofort an ${t.supportEmail}.`,
          ],
        };
      case 'digest':
        return {
          subject: 'Ihre Woche auf Attune',
          lines: [
            'Das wartet auf Attune auf Sie.',
            `Ungelesene Nachrichten: ${t.messages}. Ungelesene Benachrichtigungen: ${t.notifications}. Neue Beiträge in Ihren Gruppen diese Woche: ${t.groupPosts}.`,
            `Schauen Sie vorbei: ${t.url}`,
            'Sie haben diese wöchentliche E-Mail bestellt; Sie können sie in Ihren Benachrichtigungseinstellungen abschalten.',
          ],
        };
      case 'support-request':
        return {
          subject: `Support-Anfrage ${t.reference}: ${t.form}`,
          lines: [
            `Von: ${t.name} <${t.email}>${t.member ? ' (angemeldet)' : ' (nicht angemeldet)'}`,
            `Formular: ${t.form}`,
            t.message,
          ],
        };
      case 'invitation':
        return {
          subject: 'Sie sind zu Attune eingeladen',
          lines: [
            `Sie sind zu Attune eingeladen, der Gemeinschaft für Menschen mit Hörimplantaten und Hörgeräten${t.role ? `, als ${t.role}` : ''}.`,
            `Hier erstellen Sie Ihr Konto: ${t.url}`,
            `Der Link funktioniert einmal und ${t.days} Tage lang. Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.`,
          ],
        };
      case 'moderation-warning':
        return {
          subject: 'Ein Hinweis des Attune-Teams zu Ihrem Beitrag',
          lines: [
            'Unser Team hat sich etwas angesehen, das Sie auf Attune geschrieben haben, nachdem ein anderes Mitglied es gemeldet hat.',
            ...(t.note ? [`Hinweis des Teams: ${t.note}`] : []),
            `Bitte helfen Sie mit, dass unsere Gemeinschaft freundlich und sicher bleibt. Unsere Regeln: ${t.guidelinesUrl}`,
          ],
        };
      case 'account-suspended':
        return {
          subject: 'Ihr Attune-Konto ist gesperrt',
          lines: [
            'Unser Team hat Ihr Attune-Konto nach der Prüfung einer Meldung gesperrt. Sie können sich vorerst nicht anmelden.',
            `Wenn Sie das für einen Fehler halten, schreiben Sie uns bitte: ${t.supportUrl}`,
          ],
        };
      case 'support-received':
        return {
          subject: `Wir haben Ihre Anfrage erhalten (${t.reference})`,
          lines: [
            `Danke, dass Sie dem Attune-Support geschrieben haben. Ihr Thema: ${t.form}.`,
            `Ihre Vorgangsnummer ist ${t.reference}. Wir antworten per E-Mail, meist innerhalb von zwei Werktagen.`,
            'Wenn Sie diese Anfrage nicht gesendet haben, können Sie diese E-Mail ignorieren.',
          ],
        };
      case 'message':
        return {
          subject: `${t.name} hat Ihnen auf Attune eine Nachricht geschickt`,
          lines: [
            `${t.name} hat Ihnen auf Attune geschrieben.`,
            `Hier können Sie sie lesen und beantworten: ${t.url}`,
            'Wir senden eine E-Mail pro Unterhaltung, bis Sie sie gelesen haben.',
            'Sie können diese E-Mails in Ihren Benachrichtigungseinstellungen abschalten.',
          ],
        };
      case 'friend-request':
        return {
          subject: `${t.name} möchte sich auf Attune mit Ihnen verbinden`,
          lines: [
            `${t.name} hat Ihnen auf Attune eine Kontaktanfrage geschickt.`,
            `Sie können sie auf Ihrer Kontaktseite annehmen oder ablehnen: ${t.url}`,
            'Sie können diese E-Mails in Ihren Benachrichtigungseinstellungen abschalten.',
          ],
        };
      case 'friend-accepted':
        return {
          subject: `${t.name} hat Ihre Kontaktanfrage angenommen`,
          lines: [
            `${t.name} hat Ihre Kontaktanfrage auf Attune angenommen. Sie sind jetzt verbunden.`,
            `Ihre Kontakte: ${t.url}`,
            'Sie können diese E-Mails in Ihren Benachrichtigungseinstellungen abschalten.',
          ],
        };
      case 'connection-change':
        return {
          subject:
            t.event === 'declined'
              ? `Zu Ihrer Kontaktanfrage an ${t.name}`
              : t.event === 'withdrawn'
                ? `${t.name} hat die Kontaktanfrage zurückgezogen`
                : `${t.name} hat die Verbindung auf Attune beendet`,
          lines: [
            t.event === 'declined'
              ? `${t.name} hat Ihre Kontaktanfrage auf Attune nicht angenommen. Auf Ihrer Kontaktseite finden Sie weitere Mitglieder mit ähnlichen Erfahrungen.`
              : t.event === 'withdrawn'
                ? `${t.name} hat die Kontaktanfrage an Sie auf Attune zurückgezogen. Sie müssen nichts tun.`
                : `${t.name} und Sie sind auf Attune nicht mehr verbunden.`,
            `Ihre Kontakte: ${t.url}`,
            'Sie können diese E-Mails in Ihren Benachrichtigungseinstellungen abschalten.',
          ],
        };
      case 'group':
        return {
          subject:
            t.event === 'request'
              ? `${t.name} möchte „${t.group}“ beitreten`
              : t.event === 'accepted'
                ? `Willkommen in „${t.group}“`
                : `${t.name} hat in „${t.group}“ geschrieben`,
          lines: [
            t.event === 'request'
              ? `${t.name} möchte Ihrer Gruppe „${t.group}“ auf Attune beitreten.`
              : t.event === 'accepted'
                ? `Ihre Anfrage, „${t.group}“ auf Attune beizutreten, wurde angenommen. Sie sind jetzt Mitglied.`
                : `${t.name} hat „${t.title ?? ''}“ in Ihrer Gruppe „${t.group}“ auf Attune geschrieben.`,
            t.event === 'request'
              ? `Hier beantworten Sie die Anfrage: ${t.url}`
              : `Hier geht es hin: ${t.url}`,
            'Sie können diese E-Mails in Ihren Benachrichtigungseinstellungen abschalten.',
          ],
        };
      case 'comment':
        return {
          subject:
            t.event === 'comment'
              ? `${t.name} hat Ihren Beitrag „${t.title}“ kommentiert`
              : t.event === 'reply'
                ? `${t.name} hat auf Ihren Kommentar zu „${t.title}“ geantwortet`
                : `${t.name} hat Sie in „${t.title}“ erwähnt`,
          lines: [
            t.event === 'comment'
              ? `${t.name} hat Ihren Beitrag „${t.title}“ auf Attune kommentiert.`
              : t.event === 'reply'
                ? `${t.name} hat auf Attune auf Ihren Kommentar zu „${t.title}“ geantwortet.`
                : `${t.name} hat Sie auf Attune in einem Kommentar zu „${t.title}“ erwähnt.`,
            `Hier lesen: ${t.url}`,
            'Sie können diese E-Mails in Ihren Benachrichtigungseinstellungen abschalten.',
          ],
        };
    }
  },
  es: (t) => {
    switch (t.kind) {
      case 'sign-up-code':
        return {
          subject: `Su código de registro de Attune: ${t.code}`,
          lines: [
            'Le damos la bienvenida a Attune.',
            `Su código de registro es: ${t.code}`,
            `Es válido durante ${t.minutes} minutos.`,
            'Si no lo ha pedido, puede ignorar este correo.',
          ],
        };
      case 'already-registered':
        return {
          subject: 'Ya tiene una cuenta de Attune',
          lines: [
            'Alguien, probablemente usted, intentó crear una cuenta de Attune con esta dirección de correo.',
            'Ya tiene una cuenta.',
            `Inicie sesión: ${t.loginUrl}`,
            `¿Ha olvidado su contraseña? ${t.recoverUrl}`,
          ],
        };
      case 'reset-code':
        return {
          subject: `Su código para restablecer la contraseña de Attune: ${t.code}`,
          lines: [
            `Su código para restablecer la contraseña es: ${t.code}`,
            `Es válido durante ${t.minutes} minutos.`,
            'Si no lo ha pedido, puede ignorar este correo. Su contraseña no cambia.',
          ],
        };
      case 'no-account':
        return {
          subject: 'Restablecer su contraseña de Attune',
          lines: [
            'Alguien, probablemente usted, pidió restablecer la contraseña de una cuenta de Attune con esta dirección de correo.',
            'No hay ninguna cuenta de Attune con esta dirección. Si tiene una cuenta, quizá se registró con otra dirección.',
            `Para crear una cuenta: ${t.signUpUrl}`,
            'Si no lo ha pedido, puede ignorar este correo.',
          ],
        };
      case 'password-changed':
        return {
          subject: 'Su contraseña de Attune ha cambiado',
          lines: [
            'Su contraseña de Attune se acaba de cambiar y se ha cerrado su sesión en todos los dispositivos.',
            `Si no ha sido usted, escriba de inmediato a ${t.supportEmail}.`,
          ],
        };
      case 'email-change-code':
        return {
          subject: `Su código para confirmar su nueva dirección de correo: ${t.code}`,
          lines: [
            'Ha pedido usar esta dirección de correo para su cuenta de Attune.',
            `Su código de confirmación es: ${t.code}`,
            `Es válido durante ${t.minutes} minutos. Su dirección solo cambia cuando lo introduzca en sus ajustes.`,
            'Si no lo ha pedido, puede ignorar este correo.',
          ],
        };
      case 'email-changed':
        return {
          subject: 'La dirección de correo de su cuenta de Attune ha cambiado',
          lines: [
            `La dirección de correo de su cuenta de Attune se acaba de cambiar a ${t.newEmail}.`,
            'A partir de ahora, los correos de Attune llegarán a la nueva dirección.',
            `Si no ha sido usted, escriba de inmediato a ${t.supportEmail}.`,
          ],
        };
      case 'digest':
        return {
          subject: 'Su semana en Attune',
          lines: [
            'Esto le espera en Attune.',
            `Mensajes sin leer: ${t.messages}. Notificaciones sin leer: ${t.notifications}. Publicaciones nuevas en sus grupos esta semana: ${t.groupPosts}.`,
            `Eche un vistazo: ${t.url}`,
            'Usted pidió este correo semanal; puede desactivarlo en sus ajustes de notificaciones.',
          ],
        };
      case 'support-request':
        return {
          subject: `Solicitud de soporte ${t.reference}: ${t.form}`,
          lines: [
            `De: ${t.name} <${t.email}>${t.member ? ' (con sesión iniciada)' : ' (sin sesión)'}`,
            `Formulario: ${t.form}`,
            t.message,
          ],
        };
      case 'invitation':
        return {
          subject: 'Le invitamos a unirse a Attune',
          lines: [
            `Le invitamos a Attune, la comunidad para personas con implantes auditivos y audífonos${t.role ? `, como ${t.role}` : ''}.`,
            `Cree su cuenta aquí: ${t.url}`,
            `El enlace funciona una sola vez, durante ${t.days} días. Si no esperaba esta invitación, puede ignorar este correo.`,
          ],
        };
      case 'moderation-warning':
        return {
          subject: 'Un aviso del equipo de Attune sobre su publicación',
          lines: [
            'Nuestro equipo ha revisado algo que usted escribió en Attune después de que otro miembro lo señalara.',
            ...(t.note ? [`Nota del equipo: ${t.note}`] : []),
            `Ayúdenos a que nuestra comunidad siga siendo amable y segura. Nuestras normas: ${t.guidelinesUrl}`,
          ],
        };
      case 'account-suspended':
        return {
          subject: 'Su cuenta de Attune está suspendida',
          lines: [
            'Nuestro equipo ha suspendido su cuenta de Attune tras revisar un aviso. Por ahora no puede iniciar sesión.',
            `Si cree que se trata de un error, escríbanos: ${t.supportUrl}`,
          ],
        };
      case 'support-received':
        return {
          subject: `Hemos recibido su solicitud (${t.reference})`,
          lines: [
            `Gracias por escribir al soporte de Attune sobre: ${t.form}.`,
            `Su número de referencia es ${t.reference}. Respondemos por correo, normalmente en dos días laborables.`,
            'Si no ha enviado esta solicitud, puede ignorar este correo.',
          ],
        };
      case 'message':
        return {
          subject: `${t.name} le ha enviado un mensaje en Attune`,
          lines: [
            `${t.name} le ha escrito en Attune.`,
            `Puede leerlo y responder aquí: ${t.url}`,
            'Enviamos un correo por conversación hasta que la haya leído.',
            'Puede desactivar estos correos en sus ajustes de notificaciones.',
          ],
        };
      case 'friend-request':
        return {
          subject: `${t.name} quiere conectar con usted en Attune`,
          lines: [
            `${t.name} le ha enviado una solicitud de contacto en Attune.`,
            `Puede aceptarla o rechazarla en su página de contactos: ${t.url}`,
            'Puede desactivar estos correos en sus ajustes de notificaciones.',
          ],
        };
      case 'friend-accepted':
        return {
          subject: `${t.name} ha aceptado su solicitud de contacto`,
          lines: [
            `${t.name} ha aceptado su solicitud de contacto en Attune. Ahora están conectados.`,
            `Sus contactos: ${t.url}`,
            'Puede desactivar estos correos en sus ajustes de notificaciones.',
          ],
        };
      case 'connection-change':
        return {
          subject:
            t.event === 'declined'
              ? `Sobre su solicitud de contacto a ${t.name}`
              : t.event === 'withdrawn'
                ? `${t.name} ha retirado su solicitud de contacto`
                : `${t.name} ha terminado la conexión con usted en Attune`,
          lines: [
            t.event === 'declined'
              ? `${t.name} no ha aceptado su solicitud de contacto en Attune. En su página de contactos encontrará a otros miembros con experiencias parecidas.`
              : t.event === 'withdrawn'
                ? `${t.name} ha retirado la solicitud de contacto que le envió en Attune. No tiene que hacer nada.`
                : `${t.name} y usted ya no están conectados en Attune.`,
            `Sus contactos: ${t.url}`,
            'Puede desactivar estos correos en sus ajustes de notificaciones.',
          ],
        };
      case 'group':
        return {
          subject:
            t.event === 'request'
              ? `${t.name} pide unirse a «${t.group}»`
              : t.event === 'accepted'
                ? `Le damos la bienvenida a «${t.group}»`
                : `${t.name} ha publicado en «${t.group}»`,
          lines: [
            t.event === 'request'
              ? `${t.name} pide unirse a su grupo «${t.group}» en Attune.`
              : t.event === 'accepted'
                ? `Se ha aceptado su solicitud para unirse a «${t.group}» en Attune. Ya es miembro.`
                : `${t.name} ha escrito «${t.title ?? ''}» en su grupo «${t.group}» en Attune.`,
            t.event === 'request'
              ? `Responda a la solicitud aquí: ${t.url}`
              : `Vaya aquí: ${t.url}`,
            'Puede desactivar estos correos en sus ajustes de notificaciones.',
          ],
        };
      case 'comment':
        return {
          subject:
            t.event === 'comment'
              ? `${t.name} comentó su publicación «${t.title}»`
              : t.event === 'reply'
                ? `${t.name} respondió a su comentario en «${t.title}»`
                : `${t.name} le mencionó en «${t.title}»`,
          lines: [
            t.event === 'comment'
              ? `${t.name} escribió un comentario en su publicación «${t.title}» en Attune.`
              : t.event === 'reply'
                ? `${t.name} respondió a su comentario en «${t.title}» en Attune.`
                : `${t.name} le mencionó en un comentario en «${t.title}» en Attune.`,
            `Léalo aquí: ${t.url}`,
            'Puede desactivar estos correos en sus ajustes de notificaciones.',
          ],
        };
    }
  },
};

/** Renders a transactional mail in the member's language, as plain text and simple, escaped HTML. */
export function renderMail(language: Language, template: MailTemplate): RenderedMail {
  const { subject, lines } = COPY[language](template);
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; font-size: 18px; line-height: 1.5; color: #1a1a1a;">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject, text: lines.join('\n\n'), html };
}
