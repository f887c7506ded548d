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
      content: `<p>Here you find answers to the questions members ask us most often. Search for a word, or open a question to read its answer.</p>
<p>Attune is run by {{manufacturer}}. If your question is not here, write to <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>. We answer in English, German and Spanish.</p>`,
    },
    de: {
      title: 'Häufige Fragen',
      content: `<p>Hier finden Sie Antworten auf die Fragen, die Mitglieder uns am häufigsten stellen. Suchen Sie nach einem Wort oder öffnen Sie eine Frage, um die Antwort zu lesen.</p>
<p>Attune ist ein Angebot, das {{manufacturer}} betreibt. Wenn Ihre Frage nicht dabei ist, schreiben Sie an <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>. Wir antworten auf Deutsch, Englisch und Spanisch.</p>`,
    },
    es: {
      title: 'Preguntas frecuentes',
      content: `<p>Aquí encontrará respuestas a las preguntas que los miembros nos hacen con más frecuencia. Busque una palabra o abra una pregunta para leer su respuesta.</p>
<p>Attune está gestionada por {{manufacturer}}. Si su pregunta no está aquí, escriba a <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>. Respondemos en español, inglés y alemán.</p>`,
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

/**
 * The first FAQ entries per language, seeded once when a language has none (staff edit them
 * later). Answers are HTML in the allow-listed form; links to our own pages are paths.
 */
export const DEFAULT_FAQ: Record<Language, { question: string; answer: string }[]> = {
  en: [
    {
      question: 'What is Attune?',
      answer: `<p>Attune is a community for people who live with hearing implants or hearing aids, for the people close to them, and for the staff who support them.</p><p>You can describe your hearing journey, connect with members who have walked the same path, join groups, and ask questions. Everything works without sound.</p>`,
    },
    {
      question: 'Who can see my hearing details?',
      answer: `<p>You decide for each detail: only you, your connections, all members, or staff. Your ears, your devices and your hearing journey are visible to your connections only until you change it.</p><p>You can change this at any time in your profile settings. When staff open hearing details to help you, this is recorded in a log.</p>`,
    },
    {
      question: 'How do I connect with a mentor?',
      answer: `<p>Mentors are experienced members who have offered to help others. Their profile shows the label “Mentor”.</p><ol><li>Open “Connections” in the menu.</li><li>Under “Find members”, choose “Mentor” as the role and search.</li><li>Open a mentor’s profile and choose “Connect with …”.</li></ol><p>When the mentor accepts, you can write to each other in the chat.</p>`,
    },
    {
      question: 'How can I make the text larger or easier to read?',
      answer: `<p>Use the accessibility button at the top right of every page. It can make the text larger, add space between letters and lines, underline links, and change the colours.</p><p>Your browser can also enlarge the whole page: press Ctrl and + (on a Mac, Cmd and +). Your settings are kept on your device.</p>`,
    },
    {
      question: 'Is there sound anywhere in Attune?',
      answer: `<p>No. Attune never plays a sound by itself and never relies on one. New messages, notifications and errors are always shown as text and as visual signs.</p><p>The accessibility menu offers “Read text aloud” for those who want it; it only speaks when you switch it on.</p>`,
    },
    {
      question: 'How do I contact support?',
      answer: `<p>Use the <a href="/en/contact">contact form</a>. When you are logged in, choose “Support” in the menu, and your name and e-mail address are filled in for you.</p><p>We answer in English, German and Spanish, usually within two working days.</p>`,
    },
    {
      question: 'I did not receive my code. What can I do?',
      answer: `<p>Check your spam folder and that your e-mail address is spelled correctly. A code is valid for 10 minutes; you can ask for a new one at any time.</p>`,
    },
    {
      question: 'How do I delete my account?',
      answer: `<p>Open “Profile settings” from your account menu and choose “Delete my account”. Your profile, your hearing details and your connections are removed for good. This cannot be undone.</p>`,
    },
  ],
  de: [
    {
      question: 'Was ist Attune?',
      answer: `<p>Attune ist eine Gemeinschaft für Menschen mit Hörimplantaten oder Hörgeräten, für die Menschen, die ihnen nahestehen, und für die Mitarbeitenden, die sie unterstützen.</p><p>Sie können Ihren Hörweg beschreiben, mit Mitgliedern in Kontakt treten, die denselben Weg gegangen sind, Gruppen beitreten und Fragen stellen. Alles funktioniert ohne Ton.</p>`,
    },
    {
      question: 'Wer sieht meine Angaben zum Hören?',
      answer: `<p>Sie entscheiden für jede Angabe: nur Sie, Ihre Kontakte, alle Mitglieder oder Mitarbeitende. Ihre Ohren, Ihre Geräte und Ihr Hörweg sind zunächst nur für Ihre Kontakte sichtbar.</p><p>Sie können das jederzeit in Ihren Profileinstellungen ändern. Wenn Mitarbeitende Ihre Angaben zum Hören öffnen, um Ihnen zu helfen, wird das protokolliert.</p>`,
    },
    {
      question: 'Wie finde ich eine Mentorin oder einen Mentor?',
      answer: `<p>Mentorinnen und Mentoren sind erfahrene Mitglieder, die anderen gern helfen. Ihr Profil zeigt die Bezeichnung „Mentor“.</p><ol><li>Öffnen Sie „Kontakte“ im Menü.</li><li>Wählen Sie unter „Mitglieder finden“ bei „Rolle“ die Angabe „Mentor“ und suchen Sie.</li><li>Öffnen Sie ein Profil und wählen Sie „Mit … verbinden“.</li></ol><p>Sobald die Anfrage angenommen ist, können Sie sich im Chat schreiben.</p>`,
    },
    {
      question: 'Wie mache ich den Text größer oder leichter lesbar?',
      answer: `<p>Nutzen Sie die Schaltfläche für Barrierefreiheit oben rechts auf jeder Seite. Damit können Sie den Text vergrößern, mehr Abstand zwischen Buchstaben und Zeilen einstellen, Links unterstreichen und die Farben ändern.</p><p>Ihr Browser kann auch die ganze Seite vergrößern: Drücken Sie Strg und + (auf einem Mac Cmd und +). Ihre Einstellungen bleiben auf Ihrem Gerät gespeichert.</p>`,
    },
    {
      question: 'Gibt es in Attune irgendwo Ton?',
      answer: `<p>Nein. Attune spielt nie von selbst einen Ton ab und setzt nie Ton voraus. Neue Nachrichten, Benachrichtigungen und Fehler werden immer als Text und mit sichtbaren Zeichen angezeigt.</p><p>Im Menü für Barrierefreiheit gibt es „Text vorlesen“ für alle, die das möchten; es spricht nur, wenn Sie es einschalten.</p>`,
    },
    {
      question: 'Wie erreiche ich den Support?',
      answer: `<p>Nutzen Sie das <a href="/de/contact">Kontaktformular</a>. Wenn Sie angemeldet sind, wählen Sie „Hilfe“ im Menü; Ihr Name und Ihre E-Mail-Adresse sind dann schon eingetragen.</p><p>Wir antworten auf Deutsch, Englisch und Spanisch, meist innerhalb von zwei Werktagen.</p>`,
    },
    {
      question: 'Ich habe keinen Code bekommen. Was kann ich tun?',
      answer: `<p>Sehen Sie im Spam-Ordner nach und prüfen Sie die Schreibweise Ihrer E-Mail-Adresse. Ein Code ist 10 Minuten gültig; Sie können jederzeit einen neuen anfordern.</p>`,
    },
    {
      question: 'Wie lösche ich mein Konto?',
      answer: `<p>Öffnen Sie „Profileinstellungen“ in Ihrem Kontomenü und wählen Sie „Mein Konto löschen“. Ihr Profil, Ihre Angaben zum Hören und Ihre Kontakte werden endgültig entfernt. Das lässt sich nicht rückgängig machen.</p>`,
    },
  ],
  es: [
    {
      question: '¿Qué es Attune?',
      answer: `<p>Attune es una comunidad para personas que viven con implantes auditivos o audífonos, para las personas cercanas a ellas y para el personal que las acompaña.</p><p>Puede describir su camino auditivo, conectar con miembros que han recorrido el mismo camino, unirse a grupos y hacer preguntas. Todo funciona sin sonido.</p>`,
    },
    {
      question: '¿Quién puede ver mis datos auditivos?',
      answer: `<p>Usted decide para cada dato: solo usted, sus contactos, todos los miembros o el personal. Sus oídos, sus dispositivos y su camino auditivo solo los ven sus contactos hasta que lo cambie.</p><p>Puede cambiarlo cuando quiera en los ajustes de su perfil. Cuando el personal abre sus datos auditivos para ayudarle, queda registrado.</p>`,
    },
    {
      question: '¿Cómo conecto con un mentor?',
      answer: `<p>Los mentores son miembros con experiencia que se han ofrecido a ayudar a otras personas. Su perfil muestra la etiqueta «Mentor».</p><ol><li>Abra «Contactos» en el menú.</li><li>En «Buscar miembros», elija «Mentor» como rol y busque.</li><li>Abra el perfil de un mentor y elija «Conectar con…».</li></ol><p>Cuando el mentor acepte, podrán escribirse en el chat.</p>`,
    },
    {
      question: '¿Cómo hago el texto más grande o más fácil de leer?',
      answer: `<p>Use el botón de accesibilidad, arriba a la derecha en cada página. Con él puede ampliar el texto, añadir espacio entre letras y líneas, subrayar los enlaces y cambiar los colores.</p><p>Su navegador también puede ampliar toda la página: pulse Ctrl y + (en un Mac, Cmd y +). Sus ajustes se guardan en su dispositivo.</p>`,
    },
    {
      question: '¿Hay sonido en alguna parte de Attune?',
      answer: `<p>No. Attune nunca reproduce un sonido por sí sola ni depende de él. Los mensajes nuevos, las notificaciones y los errores se muestran siempre como texto y con señales visuales.</p><p>El menú de accesibilidad ofrece «Leer el texto en voz alta» para quien lo desee; solo habla cuando usted lo activa.</p>`,
    },
    {
      question: '¿Cómo contacto con el soporte?',
      answer: `<p>Use el <a href="/es/contact">formulario de contacto</a>. Si ha iniciado sesión, elija «Ayuda» en el menú; su nombre y su correo ya estarán rellenados.</p><p>Respondemos en español, inglés y alemán, normalmente en un plazo de dos días laborables.</p>`,
    },
    {
      question: 'No he recibido mi código. ¿Qué puedo hacer?',
      answer: `<p>Revise la carpeta de spam y que su correo esté bien escrito. Un código es válido durante 10 minutos; puede pedir uno nuevo cuando quiera.</p>`,
    },
    {
      question: '¿Cómo elimino mi cuenta?',
      answer: `<p>Abra «Ajustes del perfil» en el menú de su cuenta y elija «Eliminar mi cuenta». Su perfil, sus datos auditivos y sus contactos se borran para siempre. No se puede deshacer.</p>`,
    },
  ],
};
