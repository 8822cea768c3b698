import type { MessageKey } from './en.ts';

/**
 * The server's texts in Hindi (see en.ts for the format). Names, titles, codes and links are
 * values, set as written; the brand stays Kaksha.
 */
export const hi: Record<MessageKey, string> = {
  'mail.greeting': 'नमस्ते {name},',
  'mail.signoff': '— {product}',

  'mail.otp.subject': '{product} पासवर्ड रीसेट कोड',
  'mail.otp.codeIs': 'आपका {product} पासवर्ड रीसेट कोड है:',
  'mail.otp.validity':
    'यह कोड {minutes, plural, one {# मिनट} other {# मिनट}} तक मान्य है। अगर आपने पासवर्ड रीसेट करने के लिए नहीं कहा था, तो इस ईमेल को अनदेखा कर दें।',

  'mail.enrolment.subject': 'आपका नामांकन हो गया: {title}',
  'mail.enrolment.enrolled': 'अब आप {product} पर "{title}" कोर्स में नामांकित हैं।',
  'mail.enrolment.enrolledHtml': 'अब आप {product} पर <b>{title}</b> कोर्स में नामांकित हैं।',
  'mail.enrolment.start': 'सीखना शुरू करें: {link}',
  'mail.enrolment.button': 'सीखना शुरू करें',
  'mail.enrolment.orOpen': 'या यह लिंक खोलें: {link}',

  'mail.newDevice.subject': 'आपके {product} खाते में नया साइन-इन',
  'mail.newDevice.intro': 'आपके {product} खाते में अभी एक ऐसे डिवाइस से साइन-इन हुआ है जिससे पहले कभी नहीं हुआ था:',
  'mail.newDevice.device': 'डिवाइस: {os} पर {browser}',
  'mail.newDevice.network': 'नेटवर्क (अनुमानित): {network}',
  'mail.newDevice.time': 'समय: {time}',
  'mail.newDevice.unknown': 'अज्ञात',
  'mail.newDevice.ifYou': 'अगर यह आप थे, तो कुछ करने की ज़रूरत नहीं है।',
  'mail.newDevice.ifNot':
    'अगर यह आप नहीं थे, तो अपना पासवर्ड बदलें और अपनी प्रोफ़ाइल के सुरक्षा हिस्से में उस डिवाइस को साइन आउट करें:',
  'mail.newDevice.button': 'अपने डिवाइस देखें',

  'certificate.documentTitle': 'प्रमाणपत्र: {course}',
  'certificate.heading': 'कोर्स पूर्णता प्रमाणपत्र',
  'certificate.certifies': 'प्रमाणित किया जाता है कि',
  'certificate.completed': 'ने यह कोर्स सफलतापूर्वक पूरा किया है',
  'certificate.taughtBy': 'प्रशिक्षक: {educator}',
  'certificate.issuedOn': 'जारी करने की तिथि: {date}',
  'certificate.id': 'प्रमाणपत्र आईडी: {id}',
  'certificate.verifyAt': 'यहाँ सत्यापित करें:',

  'notification.lecture.title': '{course} में नया लेक्चर',
  'notification.lecture.body': '{lecture}',
  'notification.certificate.title': 'आपका सर्टिफ़िकेट तैयार है',
  'notification.certificate.body': 'आपने {course} पूरा कर लिया। बधाई हो!',
  'notification.refund.title': 'आपका रिफ़ंड प्रोसेस हो गया है',
  'notification.refund.body': '{course} के {amount} आपके भुगतान के तरीक़े में वापस भेजे जा रहे हैं।',
  'notification.question.title': '{course} पर नया सवाल',
  'notification.question.body': '{question}',
  'notification.answer.title': '“{question}” का नया जवाब',
  'notification.answer.body': '{name}: {answer}',
  'notification.accepted.title': 'आपका जवाब स्वीकार किया गया',
  'notification.accepted.body': '{question}',

  'mail.notification.open': '{product} में खोलें',
  'mail.notification.why': 'आपको यह ई-मेल {scope} के लिए मिला है। एक क्लिक में सदस्यता छोड़ें: {url}',
  'mail.notification.whyHtml': 'आपको यह ई-मेल {scope} के लिए मिला है। एक क्लिक में <unsubscribe>सदस्यता छोड़ें</unsubscribe>।',
  'mail.digest.subject': 'आपका {product} सारांश: {count, plural, one {# अपडेट} other {# अपडेट}}',
  'mail.digest.greeting': 'नमस्ते {name}, आपके पिछले सारांश के बाद यह हुआ:',
  'mail.scope.digest': 'रोज़ाना सारांश',
  'mail.scope.answer': 'आपके सवालों के जवाबों की ई-मेल',
  'mail.scope.accepted': 'आपके जवाब स्वीकार होने की ई-मेल',
  'mail.scope.question': 'आपके कोर्स पर नए सवालों की ई-मेल',
  'mail.scope.lecture': 'आपके कोर्स में नए लेक्चर की ई-मेल',
  'mail.scope.certificate': 'आपके सर्टिफ़िकेट की ई-मेल',
  'mail.scope.refund': 'आपके रिफ़ंड की ई-मेल',

  'unsubscribe.title': 'सदस्यता छोड़ें',
  'unsubscribe.ask': '{scope} बंद करें? हम आपको किन बातों पर ई-मेल करें, यह आप कभी भी अपनी सूचना सेटिंग में बदल सकते हैं।',
  'unsubscribe.button': 'सदस्यता छोड़ें',
  'unsubscribe.doneTitle': 'सदस्यता छोड़ दी गई',
  'unsubscribe.done': 'सदस्यता बंद हो गई: अब आपको {scope} नहीं भेजे जाएँगे।',
  'unsubscribe.invalidTitle': 'लिंक मान्य नहीं है',
  'unsubscribe.invalid': 'सदस्यता छोड़ने का यह लिंक मान्य नहीं है। हम आपको क्या ई-मेल करें, यह अपनी सूचना सेटिंग में बदलें।',
  'unsubscribe.back': '{product} पर वापस जाएँ',

  // A data export made by a job is ready (modules/privacy, issue #32)
  'mail.export.subject': 'आपका {product} डेटा डाउनलोड के लिए तैयार है',
  'mail.export.ready':
    'आपने अपने डेटा की जो प्रति माँगी थी, वह तैयार है। लिंक {hours, plural, one {# घंटे} other {# घंटे}} तक, {date} तक, साइन इन रहते हुए काम करेगा।',
  'mail.export.download': 'डाउनलोड करें: {link}',
  'mail.export.button': 'मेरा डेटा डाउनलोड करें',
};
