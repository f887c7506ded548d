import type { Language } from '@attune/contract';

/**
 * The first version of the public pages, seeded once per slug and language when missing. Staff edit
 * them later; `{{supportEmail}}` and `{{manufacturer}}` are filled in from configuration when served.
 * The manufacturer's name goes where it stands alone ("der Hersteller", "el fabricante" or a brand
 * name): never right after "von", "de" or "a", where German and Spanish would change its form.
 */
export const DEFAULT_PAGES: Record<string, Record<Language, { title: string; content: string }>> = {
  about: {
    en: {
      title: 'About Attune',
      content: `<p>Attune is a community for people who live with hearing implants or hearing aids, for the people close to them, and for the staff of {{manufacturer}} who support them.</p>
<h2>What you can do here</h2>
<ul>
<li>Describe your hearing journey, your ears and your devices, and decide who may see each detail.</li>
<li>Connect with members who have walked the same path, and write to them.</li>
<li>Join groups, ask questions and share what helped you.</li>
<li>Reach mentors and staff when you need support.</li>
</ul>
<h2>Made for how you hear</h2>
<p>Nothing in Attune relies on sound. Every page works with a keyboard and a screen reader, text can be enlarged, and the accessibility button at the top right offers more settings.</p>
<p>Questions or ideas? Write to <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>.</p>`,
    },
    de: {
      title: 'Über Attune',
      content: `<p>Attune ist eine Gemeinschaft für Menschen mit Hörimplantaten oder Hörgeräten, für die Menschen, die ihnen nahestehen, und für die Mitarbeitenden, mit denen {{manufacturer}} sie unterstützt.</p>
<h2>Was Sie hier tun können</h2>
<ul>
<li>Ihren Hörweg, Ihre Ohren und Ihre Geräte beschreiben und für jede Angabe entscheiden, wer sie sehen darf.</li>
<li>Mit Mitgliedern in Kontakt treten, die denselben Weg gegangen sind, und ihnen schreiben.</li>
<li>Gruppen beitreten, Fragen stellen und teilen, was Ihnen geholfen hat.</li>
<li>Mentorinnen, Mentoren und Mitarbeitende erreichen, wenn Sie Unterstützung brauchen.</li>
</ul>
<h2>Gemacht für Ihr Hören</h2>
<p>Nichts in Attune setzt Ton voraus. Jede Seite funktioniert mit Tastatur und Screenreader, Text lässt sich vergrößern, und die Schaltfläche für Barrierefreiheit oben rechts bietet weitere Einstellungen.</p>
<p>Fragen oder Ideen? Schreiben Sie an <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>.</p>`,
    },
    es: {
      title: 'Acerca de Attune',
      content: `<p>Attune es una comunidad para personas que viven con implantes auditivos o audífonos, para las personas cercanas a ellas y para las personas que trabajan para {{manufacturer}} y las acompañan.</p>
<h2>Qué puede hacer aquí</h2>
<ul>
<li>Describir su camino auditivo, sus oídos y sus dispositivos, y decidir quién puede ver cada dato.</li>
<li>Conectar con miembros que han recorrido el mismo camino y escribirles.</li>
<li>Unirse a grupos, hacer preguntas y compartir lo que le ha ayudado.</li>
<li>Contactar con mentores y con el personal cuando necesite apoyo.</li>
</ul>
<h2>Pensada para su forma de oír</h2>
<p>Nada en Attune depende del sonido. Todas las páginas funcionan con teclado y lector de pantalla, el texto se puede ampliar y el botón de accesibilidad, arriba a la derecha, ofrece más ajustes.</p>
<p>¿Preguntas o ideas? Escriba a <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>.</p>`,
    },
  },
  faq: {
    en: {
      title: 'Frequently asked questions',
      content: `<h2>Who can join?</h2>
<p>Anyone with a hearing implant or hearing aid, people who are thinking about one, and their family and friends. Staff of {{manufacturer}} register with their work e-mail address.</p>
<h2>Who can see my hearing details?</h2>
<p>You decide for each detail: only you, your connections, all members, or staff. Ears, devices and your journey are visible to your connections only until you change it.</p>
<h2>I did not receive my code.</h2>
<p>Check your spam folder and that the address is spelled correctly. A code is valid for 10 minutes; you can ask for a new one at any time.</p>
<h2>I forgot my password.</h2>
<p>Choose “Forgot your password?” on the login page. We send a code to your e-mail address, and you can then choose a new password.</p>
<h2>How do I delete my account?</h2>
<p>In your profile settings. Your personal and health data are removed for good.</p>
<h2>Who can I ask for help?</h2>
<p>Write to <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>. We answer in English, German and Spanish.</p>`,
    },
    de: {
      title: 'Häufige Fragen',
      content: `<h2>Wer kann mitmachen?</h2>
<p>Alle mit einem Hörimplantat oder Hörgerät, alle, die darüber nachdenken, sowie Familie und Freunde. Mitarbeitende, die {{manufacturer}} beschäftigt, registrieren sich mit ihrer dienstlichen E-Mail-Adresse.</p>
<h2>Wer sieht meine Angaben zum Hören?</h2>
<p>Sie entscheiden für jede Angabe: nur Sie, Ihre Kontakte, alle Mitglieder oder Mitarbeitende. Ohren, Geräte und Ihr Hörweg sind zunächst nur für Ihre Kontakte sichtbar.</p>
<h2>Ich habe keinen Code bekommen.</h2>
<p>Sehen Sie im Spam-Ordner nach und prüfen Sie die Schreibweise der Adresse. Ein Code ist 10 Minuten gültig; Sie können jederzeit einen neuen anfordern.</p>
<h2>Ich habe mein Passwort vergessen.</h2>
<p>Wählen Sie auf der Anmeldeseite „Passwort vergessen?“. Wir senden Ihnen einen Code per E-Mail, danach wählen Sie ein neues Passwort.</p>
<h2>Wie lösche ich mein Konto?</h2>
<p>In Ihren Profileinstellungen. Ihre persönlichen und gesundheitlichen Daten werden endgültig entfernt.</p>
<h2>Wen kann ich um Hilfe bitten?</h2>
<p>Schreiben Sie an <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>. Wir antworten auf Deutsch, Englisch und Spanisch.</p>`,
    },
    es: {
      title: 'Preguntas frecuentes',
      content: `<h2>¿Quién puede unirse?</h2>
<p>Cualquier persona con un implante auditivo o un audífono, quienes están pensando en uno, y sus familiares y amistades. Quienes trabajan para {{manufacturer}} se registran con su correo de trabajo.</p>
<h2>¿Quién puede ver mis datos auditivos?</h2>
<p>Usted decide para cada dato: solo usted, sus contactos, todos los miembros o el personal. Los oídos, los dispositivos y su camino solo los ven sus contactos hasta que lo cambie.</p>
<h2>No he recibido mi código.</h2>
<p>Revise la carpeta de spam y que la dirección esté bien escrita. Un código es válido durante 10 minutos; puede pedir uno nuevo cuando quiera.</p>
<h2>He olvidado mi contraseña.</h2>
<p>Elija «¿Ha olvidado su contraseña?» en la página de inicio de sesión. Le enviamos un código por correo y después elige una contraseña nueva.</p>
<h2>¿Cómo elimino mi cuenta?</h2>
<p>En los ajustes de su perfil. Sus datos personales y de salud se eliminan para siempre.</p>
<h2>¿A quién puedo pedir ayuda?</h2>
<p>Escriba a <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>. Respondemos en español, inglés y alemán.</p>`,
    },
  },
  'terms-and-conditions': {
    en: {
      title: 'Terms and conditions',
      content: `<p>By using Attune you agree to these terms. Please read them calmly; they are short.</p>
<h2>1. The community</h2>
<p>Attune is run by {{manufacturer}} for people with hearing implants and hearing aids, the people close to them, and staff who support them. Be kind, respect other members’ privacy and write nothing you would not say face to face.</p>
<h2>2. Your account</h2>
<p>Keep your password to yourself. You are responsible for what is posted from your account. You may delete your account at any time in your profile settings.</p>
<h2>3. Health information</h2>
<p>Details about your hearing are health data. We store them only with your consent, show them only to the people you choose, and never sell them. Posts by members and mentors share experience; they are not medical advice. For medical questions, ask your clinic.</p>
<h2>4. Content</h2>
<p>You keep the rights to what you write, and allow us to show it to the audience you chose. We may remove content that breaks these terms or the law.</p>
<h2>5. Contact</h2>
<p>Questions about these terms: <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>.</p>`,
    },
    de: {
      title: 'Nutzungsbedingungen',
      content: `<p>Mit der Nutzung von Attune stimmen Sie diesen Bedingungen zu. Lesen Sie sie in Ruhe; sie sind kurz.</p>
<h2>1. Die Gemeinschaft</h2>
<p>Attune ist ein Angebot, das {{manufacturer}} betreibt – für Menschen mit Hörimplantaten und Hörgeräten, die Menschen, die ihnen nahestehen, und Mitarbeitende, die sie unterstützen. Seien Sie freundlich, achten Sie die Privatsphäre anderer und schreiben Sie nichts, was Sie nicht auch persönlich sagen würden.</p>
<h2>2. Ihr Konto</h2>
<p>Behalten Sie Ihr Passwort für sich. Sie sind für das verantwortlich, was über Ihr Konto veröffentlicht wird. Sie können Ihr Konto jederzeit in den Profileinstellungen löschen.</p>
<h2>3. Gesundheitsdaten</h2>
<p>Angaben zu Ihrem Hören sind Gesundheitsdaten. Wir speichern sie nur mit Ihrer Einwilligung, zeigen sie nur den Personen, die Sie wählen, und verkaufen sie nie. Beiträge von Mitgliedern und Mentoren teilen Erfahrungen; sie sind keine ärztliche Beratung. Medizinische Fragen klären Sie bitte mit Ihrer Klinik.</p>
<h2>4. Inhalte</h2>
<p>Die Rechte an Ihren Texten bleiben bei Ihnen; Sie erlauben uns, sie dem von Ihnen gewählten Publikum zu zeigen. Wir können Inhalte entfernen, die gegen diese Bedingungen oder das Gesetz verstoßen.</p>
<h2>5. Kontakt</h2>
<p>Fragen zu diesen Bedingungen: <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>.</p>`,
    },
    es: {
      title: 'Términos y condiciones',
      content: `<p>Al usar Attune acepta estos términos. Léalos con calma; son breves.</p>
<h2>1. La comunidad</h2>
<p>Attune está gestionada por {{manufacturer}} para personas con implantes auditivos y audífonos, las personas cercanas a ellas y el personal que las acompaña. Sea amable, respete la privacidad de los demás y no escriba nada que no diría en persona.</p>
<h2>2. Su cuenta</h2>
<p>No comparta su contraseña. Usted es responsable de lo que se publique desde su cuenta. Puede eliminar su cuenta cuando quiera en los ajustes de su perfil.</p>
<h2>3. Datos de salud</h2>
<p>Los datos sobre su audición son datos de salud. Solo los guardamos con su consentimiento, solo los mostramos a las personas que usted elige y nunca los vendemos. Las publicaciones de miembros y mentores comparten experiencias; no son consejo médico. Para preguntas médicas, consulte a su clínica.</p>
<h2>4. Contenido</h2>
<p>Usted conserva los derechos de lo que escribe y nos permite mostrarlo al público que eligió. Podemos retirar contenido que incumpla estos términos o la ley.</p>
<h2>5. Contacto</h2>
<p>Preguntas sobre estos términos: <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>.</p>`,
    },
  },
};
