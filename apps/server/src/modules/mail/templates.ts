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
  | { kind: 'password-changed'; supportEmail: string };

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
      case 'password-changed':
        return {
          subject: 'Your Attune password was changed',
          lines: [
            'Your Attune password was just changed and you were logged out on all devices.',
            `If this was not you, please write to ${t.supportEmail} at once.`,
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
      case 'password-changed':
        return {
          subject: 'Ihr Attune-Passwort wurde geändert',
          lines: [
            'Ihr Attune-Passwort wurde soeben geändert und Sie wurden auf allen Geräten abgemeldet.',
            `Wenn Sie das nicht waren, schreiben Sie bitte sofort an ${t.supportEmail}.`,
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
      case 'password-changed':
        return {
          subject: 'Su contraseña de Attune ha cambiado',
          lines: [
            'Su contraseña de Attune se acaba de cambiar y se ha cerrado su sesión en todos los dispositivos.',
            `Si no ha sido usted, escriba de inmediato a ${t.supportEmail}.`,
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
