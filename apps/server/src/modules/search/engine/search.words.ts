import { hin as HINDI_LIBRARY_STOPWORDS } from 'stopword';

/**
 * The query language's function words: what is never a topic. English, and Hindi in both of
 * the scripts learners type it in — Latin (Hinglish: "mujhe … seekhna hai") and Devanagari.
 * Devanagari words reach these lists romanised (search.translit.ts matches a Devanagari word
 * to the Hinglish spelling it sounds like), so each Hindi word is written here once, in Latin.
 * Kept apart from the query parser so that canonicalisation (search.text.ts) can use them
 * without importing the parser.
 */

/** English function words, question/intent words and voice fillers: never a topic. */
const ENGLISH = `
a an the and or but nor of to in on at for from with by as into onto about over than then so if because while
is are was were be been being am do does did doing done can could would should will shall may might must have has had having
i me my mine myself we us our you your yours it its they them their he she him her his this that these those there here
what which who whom whose why when where how whats hows
not no yes yeah yep ok okay hey hi hello hii please pls plz thanks thank bro guys dear sir madam
uh uhh uhm um umm umm hmm hm er erm ah ahh oh eh mm mmm well like just really actually basically literally kinda sorta
some any something anything someone anyone every each all both few more most much many very too also only even still
again ever never always maybe perhaps probably quite rather
want wanna wants wanted need needs needed looking look search searching find finding show tell give recommend suggest
suggestion suggestions recommendation help let lets know understand try trying going gonna gotta got get getting
learn learning learner learners learnt learned course courses class classes tutorial tutorials lesson lessons lecture lectures
training study studying teach teaching taught program programme online
good great nice cool awesome top best better right proper
start starting started begin beginning become becoming
thing things stuff way ways kind sort type types one ones
able possible available
own
`;

/**
 * Hindi function words, question words, intent forms ("seekhna hai", "chahiye", "chahta hoon")
 * and "learn/teach" verbs, in the Hinglish spellings learners type; a Devanagari word is matched
 * to them by sound, so one spelling of each form is enough for Devanagari input.
 */
const HINGLISH = `
mujhe mujhko mereko muje mjhe main mai mein me hum humko hame hamein tum tumhe aap aapko
hai hain ho hoon hu hun tha thi the hota hoti hote hona hone raha rahi rahe
ka ki ke ko se par pe aur ya bhi kya kaise kaisa kaisi kare karen karein karna karni karne karte karo kar karu karun
chahiye chahie chahta chahti chahte wala wali wale liye lie koi kuch mera meri mere apna apni apne
acha accha achha achhi acchi sabse bahut bohot bahot abhi jaldi ek yeh ye woh wo jo jab tab agar toh na nahi nahin
sakta sakti sakte sake saath sath tarah tarika tareeka kaun kaunsa kaunsi konsa konsi kon
batao bataiye bataye dikhao dikhaiye do dijiye chalega milega
seekhna sikhna seekhni sikhni seekhne sikhne seekho sikho seekhiye sikhiye sikhao sikhaiye sikhana seekhana
padhna padhni padhne padho padhao samajhna samjhna samjhao samjhaiye janna jaanna jaankari jankari gyan
lagta lagti lagte laga lagi bare baare barein kaha kahan kahaan kyu kyun kyon kab kitna kitni kitne
banna banu banun banoon hoga hogi honge hua hui hue sirf bas wahan yahan mile milegi milenge milta milti
paun paaun sakun sakoon dena dene lena lene jana jaana jaane aana aata aati aate chahiye
sikhen seekhen sikhein sikhte sikhta sikhti sikhata sikhate sikhaye sikhayen sikhaen sikhne wale
chahata chahti hu sa si yah vah ve unka unki unke iska iski iske inka inki inke aapka aapki aapke hamara hamari hamare
tera teri tere jaise jaisa jaisi taki kyonki lekin magar phir fir tatha evam athva dwara kripya krupya
de dein dijie dikhaiye bataen bataiye suggest sujhaav sujhav madad chahiye
sabhi sab har koi kisi kis kin jis jin us un is in vo
kam zyada jyada adhik tak takk upar neeche niche andar beech bich bina
`;

/**
 * Function words a Devanagari text may hold whose Latin forms are also English words: they are
 * function words only when written in Devanagari ("लोग" people, not "log"; "लोगो" is "logo"
 * only in Latin). Read through search.translit.ts, never in a Latin query.
 */
const DEVANAGARI_ONLY = `
log logon logo wale walon vale valon vali vala
`;

const toSet = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

export const ENGLISH_STOPWORDS = toSet(ENGLISH);
export const HINGLISH_STOPWORDS = toSet(HINGLISH);
/** Devanagari-only function words (romanised), see DEVANAGARI_ONLY. */
export const DEVANAGARI_STOPWORDS = toSet(DEVANAGARI_ONLY);
/**
 * Hindi function words in Devanagari from the `stopword` package's list (225 words), less the
 * few that are topics or constraints to a course search: घर (home: "ghar baithe" = from home),
 * the price and level words (अंदर, नीचे, तक, बिलकुल) that the query's rules read, and एस (the
 * letter S of acronyms).
 */
export const HINDI_STOPWORDS_DEVANAGARI = new Set(
  HINDI_LIBRARY_STOPWORDS.filter((w) => !['घर', 'अंदर', 'नीचे', 'निचे', 'तक', 'बिलकुल', 'एस', 'सबसे'].includes(w)),
);

/**
 * Words of the query parser's Hinglish constraint rules (search.query.ts: prices, levels,
 * currencies, ranking wishes, durations), so that the same words in Devanagari reach those rules
 * in their Latin spelling ("से कम" → "se kam", "मुफ़्त" → "muft", "शुरुआती" → "shuruati").
 */
export const HINGLISH_RULE_WORDS = toSet(`
kam sasta sasti saste neeche niche andar under tak takk zyada jyada adhik upar beech bich muft mufat nishulk
daam dam kimat keemat fees paise paiso paison bina rupaye rupay rupiya rupaiya rupaye rupe
shuru shuruat shuruaat shuruwat shuruati shuruaati bilkul zero naye naya nayi nae prarambhik aarambhik
nausikhiya nausikhiye madhyam unnat visheshagya gehrai lokpriya lokapriya mashhoor rating
din dino dinon hafte hafta mahine mahina ghante ghanta saal varsh
`);

/**
 * Hindi number words and their values (the query's "पाँच सौ से कम" is "500 se kam"): the units a
 * price is said in. Spellings learners type in Latin are listed; Devanagari ones reach them by
 * sound. Multipliers scale what comes before them ("do hazaar paanch sau" = 2500); "saadhe"
 * (and a half) adds half of the next multiplier's unit.
 */
export const HINDI_NUMBERS = new Map<string, number>([
  ...(['ek', 'ik'].map((w) => [w, 1]) as [string, number][]),
  ['do', 2],
  ['teen', 3],
  ['tin', 3],
  ['char', 4],
  ['chaar', 4],
  ['panch', 5],
  ['paanch', 5],
  ['chhah', 6],
  ['chhe', 6],
  ['che', 6],
  ['saat', 7],
  ['sat', 7],
  ['aath', 8],
  ['ath', 8],
  ['nau', 9],
  ['das', 10],
  ['gyarah', 11],
  ['barah', 12],
  ['terah', 13],
  ['chaudah', 14],
  ['pandrah', 15],
  ['solah', 16],
  ['satrah', 17],
  ['atharah', 18],
  ['unnis', 19],
  ['bees', 20],
  ['bis', 20],
  ['pachees', 25],
  ['pachchis', 25],
  ['tees', 30],
  ['tis', 30],
  ['chalis', 40],
  ['chaalis', 40],
  ['pachas', 50],
  ['pachaas', 50],
  ['saath', 60],
  ['sattar', 70],
  ['pachhattar', 75],
  ['assi', 80],
  ['nabbe', 90],
  ['dedh', 1.5],
  ['derh', 1.5],
  ['dhai', 2.5],
  ['dhaai', 2.5],
  ['adhai', 2.5],
]);
export const HINDI_MULTIPLIERS = new Map<string, number>([
  ['sau', 100],
  ['hazaar', 1000],
  ['hazar', 1000],
  ['hajar', 1000],
  ['hajaar', 1000],
  ['lakh', 100000],
  ['lac', 100000],
]);
/** "saadhe teen sau" = 350: half a unit of the following multiplier more. */
export const HINDI_AND_A_HALF = new Set(['saadhe', 'sadhe', 'sade', 'sarhe']);
