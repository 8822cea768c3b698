/**
 * Curated, general-domain knowledge for a course marketplace: acronyms and alternative
 * spellings (`EQUIVALENT`), related concepts with a strength in 0..1 (`RELATED`), and the
 * common Hinglish words learners use (`HINGLISH`). This is vocabulary any course search
 * needs (what "ML", "DSA" or "pentesting" mean, that Flutter reaches iOS), written for the
 * subject areas of the catalogue; it does not name courses and is not tuned to any query set.
 *
 * Everything is written in canonical form (see search.text.ts): lower case, `node.js` →
 * `nodejs`, `c++` → `cplusplus`. Multi-word entries are phrases.
 */

/** Interchangeable names: each member expands to every other member at full strength. */
const EQUIVALENT = `
machine learning | ml
artificial intelligence | ai
deep learning | dl
natural language processing | nlp
large language model | large language models | llm | llms
generative ai | genai | gen ai
retrieval augmented generation | rag
reinforcement learning | rl
neural network | neural networks | neural net | neural nets
convolutional neural network | cnn | cnns | convnet
recurrent neural network | rnn | rnns | lstm
computer vision | image recognition
data structures and algorithms | data structures algorithms | dsa
object oriented programming | oop | oops
user experience | ux
user interface | ui
ui ux | uiux | ux ui
user research | ux research
search engine optimization | search engine optimisation | seo
social media marketing | smm
search engine marketing | sem
customer relationship management | crm
business intelligence | bi
key performance indicators | kpi | kpis
extract transform load | etl
exploratory data analysis | eda
abtesting | ab testing | split testing | experimentation
penetration testing | pentesting | pentest | pen testing | pen test | pentester | pentesters
capture the flag | ctf
open source intelligence | osint
cross site scripting | xss
sql injection | sqli
virtual private network | vpn
cyber security | cybersecurity | information security | infosec | it security
ethical hacking | white hat hacking | ethical hacker | ethical hackers
bug bounty | bug bounties | bug hunting | bug hunter
digital forensics | computer forensics | cyber forensics
continuous integration | ci
amazon web services | aws
google cloud platform | gcp | google cloud
microsoft azure | azure
kubernetes | k8s
javascript | js | ecmascript | es6
typescript | ts
nodejs | node
reactjs | react
vuejs | vue
angularjs | angular
postgresql | postgres | psql
mongodb | mongo
application programming interface | api | apis
rest api | restful api | rest apis | restful apis
html | html5
css | css3
ios app | iphone app | ipad app
mobile app | mobile apps | mobile application | mobile applications
app development | app dev | mobile development | mobile app development
cross platform | crossplatform | multiplatform | multi platform | single codebase
microsoft excel | excel | ms excel
power bi | powerbi
google analytics | ga4
a b testing | abtesting
statistics | stats
chatgpt | chat gpt
openai | open ai
midjourney | mid journey
dall e | dalle
github copilot | copilot
visual studio code | vscode | vs code
internet of things | iot
graphic design | graphics design | graphic designing
video editing | video editor | edit videos
public speaking | speaking in public | presentation skills | stage fear | stage fright | fear of public speaking
spoken english | english speaking | speak english | english communication
personal finance | money management
stock market | share market | share bazaar | stock exchange
digital marketing | online marketing | internet marketing
job interview | job interviews | interview preparation | interview prep
resume | curriculum vitae | resumes | cv
coding interview | coding interviews | technical interview | technical interviews
competitive programming | competitive coding | cp
version control | git
web scraping | scraping | screen scraping | web crawling | crawling
data visualization | data visualisation | dataviz | data viz
machine learning model | ml model | machine learning models | ml models
time series | timeseries
sales forecasting | demand forecasting
recommendation system | recommender system | recommendation engine | recommender
face recognition | facial recognition | face detection
object detection | object recognition
image generation | ai image generation | text to image | ai art | ai images
prompt engineering | prompting | prompt writing | prompt design
scikit learn | sklearn | scikitlearn
hugging face | huggingface
project management | pmp
quality assurance | qa | software testing
linux | gnu linux
command line | terminal | cli | shell
cplusplus | cpp
csharp | c sharp
golang | go lang
ruby on rails | rails
spring boot | springboot
react native | reactnative
jetpack compose | compose
android studio | android sdk
google play | play store | google play store
app store | apple app store
ecommerce | online store | online shop | e shop
wordpress | wp
search engine | search engines
social media | social networks | social networking
instagram | insta | ig
youtube | yt
facebook | fb
linkedin | linked in
photography | photographer | photographers | photos | photo | photograph | photographs | pictures
smartphone | mobile phone | cell phone | cellphone | phone
smartphone photography | mobile photography | phone photography | iphone photography
video | videos
freelancing | freelance | freelancer
entrepreneurship | entrepreneur | startup | startups
cryptocurrency | crypto | cryptocurrencies
mathematics | maths | math
probability | probabilities
hypothesis testing | hypothesis test | significance testing
`;

/**
 * Related concepts, one direction: `head: term strength, term strength, …` (strength
 * defaults to 0.7). Heads are matched as phrases in the query; terms as phrases in courses.
 */
const RELATED = `
machine learning: ai .35, deep learning .6, scikit learn .7, supervised learning .8, unsupervised learning .8, predictive modeling .8, regression .5, classification .5, clustering .5, data science .5, models .4
artificial intelligence: machine learning .7, deep learning .6, generative ai .6, neural networks .5
deep learning: neural networks .9, tensorflow .7, pytorch .7, keras .7, cnn .6, transformers .5, machine learning .6, backpropagation .6
neural network: deep learning .9, backpropagation .8, perceptron .8, tensorflow .6, pytorch .6, keras .6, training loops .5, layers .4
tensorflow: keras .85, deep learning .7, neural networks .6, pytorch .4
keras: tensorflow .85, deep learning .7
pytorch: torch .9, deep learning .7, neural networks .6, tensorflow .4, autograd .6
scikit learn: machine learning .7, python .3
natural language processing: text classification .7, transformers .6, language models .7, sentiment analysis .6, bert .6, tokenization .6, text .4
large language model: gpt .7, chatgpt .6, langchain .8, rag .7, openai .6, prompt engineering .6, generative ai .7, transformers .5, llama .6, gemini .5, claude .5, fine tuning .5
retrieval augmented generation: vector database .8, embeddings .7, langchain .7, documents .6, chatbot .5, llm .6, question answering .7
generative ai: chatgpt .6, llm .7, image generation .6, midjourney .5, stable diffusion .6, dall e .5, gpt .6
chatbot: chatbots 1, conversational ai .9, ai assistant .8, assistants .6, llm .6, chatgpt .5, rag .6, nlp .5, question answering .6, gpts .7
computer vision: image processing .8, opencv .8, object detection .8, face recognition .8, image classification .8, cnn .6, images .5, segmentation .6
face recognition: computer vision .8, opencv .6, face detection .9, image recognition .7, faces .6
image generation: midjourney .8, dall e .8, stable diffusion .8, generative ai .6, text prompts .5, artwork .5
reinforcement learning: q learning .8, agents .6, policy gradient .7, ppo .6
recommendation system: collaborative filtering .8, content based filtering .7, personalization .6
time series: forecasting .8, arima .7, prophet .6, lstm .5, trends .5, seasonality .7
forecasting: forecast 1, time series .8, prediction .7, predictive .7, arima .6, projections .6
prediction: predictive .9, forecasting .7, predict 1, machine learning .5, regression .5
sales: revenue .7, sales data .9, business .4, selling .6
statistics: probability .7, hypothesis testing .7, statistical .95, regression .5, distributions .6, inferential .7, descriptive statistics .8
probability: statistics .7, distributions .6, bayes .6
mathematics: linear algebra .7, calculus .7, algebra .7, statistics .5, probability .5
data science: data scientist 1, data analysis .7, machine learning .6, statistics .6, pandas .6, python .4, data .5
data analysis: data analytics .9, data analyst .9, analyse data .9, analyze data .9, analysis .6, insights .6, excel .5, sql .5, pandas .5, power bi .5, tableau .5, reporting .5, dashboards .5
data analytics: data analysis .9, data analyst .9, analytics .8, business analytics .7, dashboards .5
data analyst: data analytics .9, data analysis .9, analyst .8, business analyst .7
business analytics: data analytics .7, business intelligence .7, kpis .5, business decisions .6
data visualization: charts .8, dashboards .7, tableau .6, power bi .6, matplotlib .6, plotting .8, seaborn .6, plotly .6, visual analytics .8
dashboard: dashboards 1, power bi .7, tableau .7, reporting .6, looker studio .6, data visualization .6, reports .6
data cleaning: data wrangling .9, data preprocessing .8, preprocessing .7, missing values .7, messy data .8, data preparation .8
big data: spark .8, pyspark .8, hadoop .8, distributed computing .6, databricks .7
pandas: dataframes .8, dataframe .8, data analysis .6, data wrangling .7, numpy .6
numpy: arrays .5, scientific computing .7, pandas .5
matplotlib: plotting .8, charts .7, data visualization .8, seaborn .7
microsoft excel: spreadsheet .85, spreadsheets .85, google sheets .7, pivot tables .7, vlookup .7, xlookup .7, formulas .6, vba .5, macros .5
google sheets: spreadsheets .9, spreadsheet .9, excel .7
power bi: dax .7, dashboards .6, business intelligence .7, data modeling .6
tableau: dashboards .6, visual analytics .7, data visualization .7
sql: database .7, databases .7, queries .6, query .6, postgresql .7, mysql .7, joins .5, relational .6
database: databases 1, sql .8, postgresql .7, mysql .7, mongodb .7, nosql .7, db 1, dbms 1, schema .5, relational .7
postgresql: sql .8, database .7, relational .6
mongodb: nosql .8, database .7, mongoose .7
web scraping: scrape .95, scraper .9, crawler .8, beautifulsoup .85, selenium .6, scrapy .85, data extraction .8, extract data .8, data collection .6, requests .4
web development: web developer 1, websites .8, website .8, web .7, html .6, css .6, javascript .6, frontend .7, backend .7, full stack .7, web apps .8
frontend: front end 1, frontend developer 1, html .8, css .8, javascript .8, react .7, angular .6, vue .6, ui .4, web development .8, responsive .5, tailwind .5
backend: back end 1, server side .9, backend developer 1, api .7, rest api .7, database .6, nodejs .6, django .6, flask .6, express .6, spring boot .6, sql .4
full stack: fullstack 1, frontend .7, backend .7, mern .8, web development .8
mern: mongodb .8, express .8, react .8, nodejs .8, full stack .8
website: websites 1, web .8, web development .8, web page .8, html .5, wordpress .6, site .7
web app: web apps 1, web application .95, web applications .95, web development .8, single page .6
html: web page .7, markup .7, website .6, css .6
css: styling .8, layout .6, flexbox .7, responsive design .6, sass .6, tailwind .6, bootstrap .6
tailwind: css .8, utility classes .8, styling .6
javascript: typescript .6, nodejs .5, react .4, dom .6, es6 1, frontend .4
typescript: javascript .6, static types .8, types .5
reactjs: jsx .8, hooks .6, nextjs .6, redux .7, components .4, frontend .4
nextjs: react .7
angularjs: rxjs .6, typescript .4
vuejs: pinia .6, nuxt .7
nodejs: express .7, backend .6, server side .7, javascript .4, npm .6
django: python web .8, python .6, backend .6, web framework .7
flask: python .6, backend .6, rest api .6
spring boot: java .7, spring .9, microservices .7, backend .6
php: laravel .8, wordpress .5, backend .5
laravel: php .8
api: rest .7, endpoints .7, http .5, graphql .6, backend .5
responsive: mobile friendly .8, media queries .8, responsive design 1
performance: speed .8, optimization .8, optimisation .8, fast .6, core web vitals .6, profiling .6, rendering .5, memoization .5
wordpress: cms .8, blog .6, website .6, nocode .5, elementor .7
ecommerce: shopify .8, woocommerce .8, store .6, selling online .8, online business .6
mobile app: app development .9, android .8, ios .8, flutter .7, react native .7, mobile .9, apps .8
app development: mobile app .9, android .7, ios .7, flutter .6, react native .6, kotlin .6, swift .6, apps .8, app .8
cross platform: flutter .9, react native .9, ionic .7, xamarin .7, maui .7, hybrid .7, android .5, ios .5
ios app: ios .95, swift .85, swiftui .85, xcode .7, iphone .9, app store .5
ios: iphone .9, ipad .7, swift .85, swiftui .85, xcode .7, apple .6
iphone: ios .95, ipad .8, swift .8, swiftui .8, xcode .7, apple .6
android: kotlin .8, android studio .8, jetpack compose .7, google play .6, mobile .6, java .4, apk .6
flutter: dart .9, cross platform .7, mobile .6
react native: mobile .6, cross platform .7, expo .7, javascript .4
swift: swiftui .85, ios .85, xcode .7, iphone .6
kotlin: android .8, jetpack compose .6, coroutines .5, java .4
game development: unity .8, unreal .8, game .9, games .9, godot .7, gaming .7
unity: game development .8, games .7, csharp .5
java: spring boot .6, spring .6, jvm .7, oop .4
python: django .4, flask .4, pandas .4, programming .3, scripting .4
cplusplus: stl .7, oop .4, pointers .5
csharp: dotnet .7, unity .5
data structures and algorithms: data structures .95, algorithms .95, coding interview .7, leetcode .8, competitive programming .7, linked lists .6, trees .5, graphs .5, dynamic programming .7, arrays .5
algorithms: algorithm 1, data structures .8, dsa .8, sorting .6, dynamic programming .7, recursion .5
coding interview: dsa .8, data structures .8, algorithms .8, leetcode .9, interview .6
competitive programming: dsa .8, algorithms .8, codeforces .8, leetcode .7
programming: coding 1, code .8, programming language .9, software development .7, developer .5, programming languages .8, python .5, javascript .5, java .5, cplusplus .5, kotlin .4, html .4
coding: programming 1, code .9, programming languages .8, python .5, javascript .5, java .5, cplusplus .5, kotlin .4, html .4
object oriented programming: classes .7, objects .6, inheritance .7, polymorphism .7
version control: git 1, github .9, gitlab .7, branches .5
docker: containers .8, containerization .9, kubernetes .6, devops .7
devops: ci cd .8, cicd .8, docker .8, kubernetes .8, jenkins .7, deployment .6, terraform .7, aws .5
cloud: cloud computing 1, aws .8, azure .8, gcp .8, serverless .6
amazon web services: cloud .8, ec2 .7, s3 .6, lambda .6
deployment: deploy 1, deploying 1, production .7, hosting .6, serving .6, docker .5, mlops .6, devops .5
mlops: model deployment .9, deployment .7, monitoring .6, production .6
linux: ubuntu .7, unix .7, command line .7, bash .7, shell .7, terminal .7, kali .5
command line: bash .8, shell scripting .8, terminal .9, linux .6
networking: network .9, tcp ip .8, ccna .8, routing .6, network security .7, protocols .6, wireshark .5, lan .6
software testing: test automation .8, selenium .7, manual testing .8, unit testing .6, cypress .6, testing .8
testing: tests .9, unit testing .8, test automation .7, qa .6, jest .6, pytest .6
ethical hacking: hacking .9, penetration testing .8, cyber security .7, security .6, kali linux .6, vulnerabilities .6, hacker .8, hackers .8, exploitation .6, white hat .8
penetration testing: ethical hacking .8, hacking .7, vulnerabilities .6, vulnerability assessment .8, security testing .8, exploitation .6, exploit .6, kali linux .5, burp suite .5, metasploit .5, nmap .5, red team .6
hacking: hack .9, hacker .9, hackers .9, ethical hacking .9, penetration testing .7, exploit .6, exploitation .6, security .5, vulnerabilities .6, attack .6, attacks .6
hacker: hacking .9, hackers 1, ethical hacking .8, attackers .7
cyber security: security .8, ethical hacking .6, network security .8, hacking .5, cyber .8, threats .6, secure .6
security: cyber security .8, secure .9, protect .6, protection .7, safety .7, privacy .6, defend .6, vulnerabilities .5
web security: web application security .95, owasp .8, burp suite .7, xss .7, sql injection .7, web application penetration testing .9, web vulnerabilities .9
owasp: web application security .9, xss .7, sql injection .7, web security .8
vulnerability: vulnerabilities 1, exploit .7, security flaw .9, security bugs .8, cve .8, weakness .6
bug bounty: vulnerabilities .8, security bugs .9, hackerone .9, bugcrowd .9, responsible disclosure .8, vulnerability reports .8, rewards .5
malware: virus .8, viruses .8, ransomware .8, trojan .8, malware analysis .9, reverse engineering .6
digital forensics: incident response .8, investigation .7, evidence .6, forensic .9
wifi: wireless .9, wpa2 .7, router .6, wlan .8
scam: scams 1, fraud .9, phishing .8, online fraud .9, cyber fraud .9, identity theft .7, social engineering .6, security awareness .8, online safety .8
fraud: scam .9, scams .9, phishing .8, online fraud .9, identity theft .7, social engineering .6, security awareness .8, account takeover .7
phishing: scams .8, fraud .7, social engineering .8, security awareness .7, email security .7
online safety: cyber safety 1, security awareness .9, scams .7, phishing .7, privacy .6, protect .5
privacy: security .6, data protection .8, personal data .7
design: designing 1, designer .9, designers .9, ui .5, graphic design .5
ui design: user interface .95, interface design .95, visual design .8, figma .6, layout .6, typography .5, colour .5, color .5, screens .6, interfaces .8
ux design: user experience .95, usability .7, user research .7, wireframes .6, prototyping .6, design thinking .6, personas .6
user research: user interviews .8, interviews .6, surveys .6, usability testing .7, personas .7, research methods .7, research .6
usability: usability testing .9, user testing .8, user research .6
figma: prototyping .6, ui design .6, auto layout .7, components .4, adobe xd .4, design .5
adobe xd: figma .4, prototyping .6, ui design .6
canva: graphic design .7, social media posts .6, posters .6, design .5, templates .5
graphic design: photoshop .7, illustrator .7, canva .7, logo .6, posters .6, typography .5, design .6
photoshop: photo editing .8, image editing .8, graphic design .6, adobe .5
wireframe: wireframing 1, wireframes 1, prototyping .8, mockups .8, low fidelity .7, sketches .5
prototype: prototyping 1, prototypes 1, wireframing .7, clickable .6, interactive prototypes .8
design system: design systems 1, component library .9, components .7, tokens .6, style guide .8
mobile design: mobile app design 1, app design .95, mobile ui .9, app screens .9, ui design .8, interface .6, screens .7
screens: screen .9, interfaces .7, ui .6, layouts .6
interaction design: micro interactions .8, microinteractions .8, animation .6, motion design .7, prototyping .5
photography: camera .8, composition .5, lightroom .6, dslr .7, mirrorless .6, photo editing .6
smartphone: mobile .8, iphone .6, android .5
video editing: premiere pro .8, after effects .6, davinci resolve .8, final cut .8, editing .8, youtube .5, reels .5
youtube: content creation .8, youtuber .9, channel .6, video editing .5, videos .5
content creation: content creator 1, content creators 1, youtube .6, instagram .6, social media .7, reels .6
instagram: social media .8, reels .7, instagram marketing .8
social media: instagram .7, facebook .7, linkedin .5, youtube .5, twitter .5, social media marketing .8, posts .5, content .5
digital marketing: seo .7, social media marketing .8, ads .7, google ads .8, facebook ads .7, email marketing .7, marketing .9, performance marketing .8, campaigns .6
search engine optimization: keywords .6, google ranking .7, ranking .5, organic traffic .7, backlinks .7
marketing: advertising .8, ads .7, branding .6, campaigns .6, promotion .6, marketers .8
copywriting: content writing .8, writing .6, copy .7, ad copy .8
content writing: copywriting .8, blogging .7, writing .7, articles .6
entrepreneurship: business .7, small business .8, founder .7, business plan .7
business: entrepreneurship .6, small business .7, management .5
personal finance: budgeting .8, budget .8, saving .8, savings .8, investing .7, money .8, financial planning .8, taxes .6, wealth .6
investing: investment 1, investments 1, stock market .8, stocks .8, mutual funds .8, shares .8, portfolio .6, sip .7, trading .6, wealth .6, demat .6
stock market: stocks .9, shares .9, trading .8, investing .8, sensex .7, nifty .7, demat .7, equity .7
trading: stock market .7, technical analysis .8, intraday .8, swing trading .8, options .6, forex .7, charts .5
cryptocurrency: bitcoin .8, blockchain .8, ethereum .8, web3 .7
blockchain: cryptocurrency .7, ethereum .7, smart contracts .8, web3 .8, solidity .7
accounting: bookkeeping .8, tally .7, gst .6, finance .6, taxation .6, accounts .8
public speaking: presentation .8, presentations .8, speech .8, speaking .9, confidence .7, communication .6, audience .6, stage .6, talks .5
presentation: presentations 1, public speaking .7, speaking .6, slides .6, powerpoint .6, present .9
nervous: nervousness 1, anxiety .8, anxious .8, fear .8, stage fear .9, confidence .6, public speaking .6, shy .6
anxiety: anxious 1, nervous .8, fear .7, stress .7, confidence .5
fear: fears 1, afraid .8, nervous .7, anxiety .7, stage fear .9, confidence .6, overcome .4
shy: shyness 1, introvert .8, confidence .7, nervous .6
confidence: self confidence 1, confident .9, personality development .7
communication: communication skills 1, speaking .6, english .5, soft skills .7, presentation .6, writing .5
spoken english: fluency .8, grammar .7, vocabulary .7, pronunciation .7, communication .6, english .9
english: spoken english .9, grammar .6, vocabulary .6, fluency .6
soft skills: communication .8, leadership .7, teamwork .7, time management .6, interpersonal .8
leadership: management .7, team management .8, manager .7, leading teams .8
job interview: interview questions .9, mock interview .8, interviews .9, interview .9, hr questions .7, resume .6, placement .7, hiring .6, job .5
resume: cv .9, ats .7, linkedin .6, cover letter .7, job application .6
job: jobs 1, job search .8, career .8, hiring .6, placement .7, employment .7, naukri .8, interview .5, resume .5
career: careers 1, job .8, jobs .8, job ready .7, job search .7
productivity: time management .7, save time .8, saving time .8, efficiency .8, workflow .6, automation .5, organize .5, faster .5
time management: productivity .8, planning .5, habits .5
automation: automate 1, automating 1, zapier .7, workflows .7, workflow .7, nocode .5, scripting .5, macros .5
nocode: zapier .5, bubble .6, webflow .6
chatgpt: openai .7, gpt .9, prompts .6, generative ai .5, llm .5, ai chatbot .6, ai tools .6
prompt engineering: prompts .9, prompt .9, chatgpt .6, llm .5, gpt .5
ai tools: chatgpt .6, automation .5, productivity .5, copilot .5, midjourney .5, notion ai .5, gemini .5, ai .7
work: office .7, workplace .8, job .5, professionals .5, office work .8
office: microsoft office .8, office work 1, workplace .7, professionals .5, excel .4, word .4, powerpoint .4
documents: document 1, pdfs .9, pdf .9, files .6, notes .5
pdf: pdfs 1, documents .9, document .9, files .5
music: musical .9, singing .5, guitar .5, piano .5, instrument .7
guitar: chords .7, strumming .7, acoustic .5, music .4
piano: keyboard .7, music .4
singing: vocals .8, vocal .8, music .4, voice .5
drawing: sketching .8, illustration .7, art .7, painting .6
animation: motion graphics .8, after effects .7, animate .9, 2d animation .8, blender .5
3d: blender .7, 3d modeling .9, 3d modelling .9, maya .6
fitness: exercise .8, workout .8, gym .8, nutrition .6, health .6, yoga .6
yoga: meditation .7, fitness .6, wellness .7
cooking: recipes .8, kitchen .6, chef .6, baking .6
baking: bake 1, bakery .8, cakes .6, bread .6, cooking .6
gardening: plants .8, garden 1, farming .6
farming: agriculture .9, crops .8, organic farming .8, gardening .6
project management: agile .7, scrum .8, jira .6, kanban .6, planning .5, project manager 1
agile: scrum .9, sprint .7, kanban .6, project management .6
product management: product manager 1, roadmap .7, user stories .6, agile .5
iot: arduino .8, raspberry pi .8, microcontroller .8, sensors .6, embedded .7
electronics: circuits .8, arduino .6, embedded .6
robotics: robot .9, robots .9, ros .7, arduino .6
autocad: cad .9, drafting .7, engineering drawing .7
freelancing: upwork .8, fiverr .8, clients .5, side income .6
earn money: make money 1, earning .9, income .8, side income .9, passive income .8
`;

/**
 * Hinglish (Hindi in Latin letters) content words learners use, mapped to English. The
 * query parser treats Hinglish function words and "learn" words as fillers, and its
 * constraint rules know "X se kam", "free mein", "shuru se".
 */
const HINGLISH = `
paisa: money
paise: money
kamana: earn money
kamai: earning
kamaye: earn money
naukri: job
angrezi: english
angreji: english
bolna: speaking
bolne: speaking
likhna: writing
likhne: writing
kheti: farming
kisani: farming
khana: cooking
gaana: singing
gana: singing
vyapar: business
vyapaar: business
dhandha: business
ganit: mathematics
hisab: accounting
hisaab: accounting
share bazaar: stock market
share bazar: stock market
dukaan: shop
dukan: shop
padhai: study
banana: build
banane: build
banaye: build
banaen: build
banayein: build
dar: fear
darr: fear
ghabrahat: nervousness
jhijhak: hesitation
sharm: shyness
aatmavishwas: confidence
baat: talk
baatcheet: conversation
batchit: conversation
awaaz: voice
aawaz: voice
bhasha: language
kaam: work
rozgar: employment
tankhwah: salary
vetan: salary
bachat: savings
nivesh: investment
karz: loan
karza: loan
udhaar: loan
kharcha: expenses
ghar: home
ghar baithe: work from home
bechna: selling
bechne: selling
becho: selling
kharidna: buying
kharidne: buying
grahak: customer
sehat: health
vajan: weight
wajan: weight
kasrat: exercise
khel: sports
pariksha: exam
imtihaan: exam
kitaab: book
kitab: book
likhai: writing
tasveer: photo
tasvir: photo
chitra: painting
chitrakari: painting
rang: colour
kapde: clothes
silai: tailoring
sajavat: decoration
nachna: dance
naach: dance
sangeet: music
dawai: medicine
ilaaj: treatment
bimari: disease
yog: yoga
dhyan: meditation
suraksha: security
dhokha: fraud
dhokhadhadi: fraud
thagi: scam
chori: theft
sarkari: government
kanoon: law
bijli: electricity
gaadi: car
jaanwar: animals
pashu: animals
bachche: children
bacche: children
padhana: teaching
padhane: teaching
sikhana: teaching
shuruati: beginner
shuruaati: beginner
prarambhik: beginner
aarambhik: beginner
nausikhiya: beginner
madhyam: intermediate
unnat: advanced
visheshagya: expert
muft: free
nishulk: free
sasta: cheap
mehenga: expensive
lokpriya: popular
din: days
ghante: hours
mahine: months
hafte: weeks
saal: years
taiyari: preparation
tayari: preparation
sawal: questions
prashn: questions
jawab: answers
uttar: answers
bima: insurance
beema: insurance
thag: scam
tanav: stress
neend: sleep
dard: pain
vyayam: exercise
swasthya: health
parivar: family
mata pita: parents
buzurg: elderly
vigyapan: advertising
prachar: promotion
lekh: article
lekhan: writing
kahani: story
samasya: problem
anubhav: experience
yojana: plan
sankhyiki: statistics
vigyan: science
chhatra: students
shikshak: teacher
adhyapak: teacher
kheti baadi: farming
sharir: body
dimag: brain
khelna: playing
paisa kamana: earn money
paise kamana: earn money
ghar se: from home
videsh: abroad
videshi: foreign
bazaar: market
bazar: market
dukandar: shopkeeper
karobar: business
udyog: industry
sampark: contact
chalana: use
chalane: use
bajana: playing
kadhai: embroidery
karhai: embroidery
saman: products
samaan: products
mummy papa: parents
mammi papa: parents
maa baap: parents
mummy: mother
mammi: mother
papa: father
bachna: avoid
bachana: protect
badhana: grow
barhana: grow
sudharna: improve
shiksha: education
vidyarthi: students
vyavsay: business
udyami: entrepreneur
aay: income
khata: account
len den: transactions
rin: loan
byaj: interest
motapa: weight
vyakaran: grammar
uchcharan: pronunciation
shabd: vocabulary
gayan: singing
nritya: dance
abhinay: acting
bagwani: gardening
pashupalan: livestock
bunai: knitting
yantra: machine
itihas: history
bhugol: geography
rajniti: politics
kavita: poetry
prabandhan: management
netritva: leadership
samay prabandhan: time management
vyaktitva: personality
bikri: sales
vipanan: marketing
mahila: women
yatra: travel
dukaandari: retail
`;

export interface Expansion {
  /** Canonical words of the phrase. */
  phrase: string;
  strength: number;
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ');

function parseEquivalent(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const members = line.split('|').map(norm).filter(Boolean);
    if (members.length < 2) continue;
    for (const m of members) {
      const list = map.get(m) ?? [];
      for (const other of members) if (other !== m && !list.includes(other)) list.push(other);
      map.set(m, list);
    }
  }
  return map;
}

function parseRelated(text: string): Map<string, Expansion[]> {
  const map = new Map<string, Expansion[]>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const head = norm(line.slice(0, colon));
    const list = map.get(head) ?? [];
    for (const item of line.slice(colon + 1).split(',')) {
      const m = norm(item).match(/^(.*?)(?:\s+(\d*\.?\d+))?$/);
      if (!m?.[1]) continue;
      list.push({ phrase: m[1], strength: m[2] ? Math.min(1, Number(m[2])) : 0.7 });
    }
    map.set(head, list);
  }
  return map;
}

/**
 * A light suffix stripper used only to look lexicon heads up, so that "hackers", "hacking"
 * and "hacker" (or "predict" and "prediction") find the same entry. Not a full stemmer.
 */
export function lightStem(w: string): string {
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  let s = w;
  const strip = (suffix: string, replacement = '') => {
    if (s.endsWith(suffix) && s.length - suffix.length >= 3) {
      s = s.slice(0, -suffix.length) + replacement;
      return true;
    }
    return false;
  };
  if (!strip('ies', 'y') && !strip('sses', 'ss')) {
    if (!(s.endsWith('ss') || s.endsWith('us') || s.endsWith('is'))) strip('s');
  }
  strip('ness') ||
    strip('ments') ||
    strip('ment') ||
    strip('ations') ||
    strip('ation') ||
    strip('ions') ||
    strip('ion') ||
    strip('ings') ||
    strip('ing') ||
    strip('ers') ||
    strip('er') ||
    strip('ed') ||
    strip('ate');
  if (/([b-df-hj-np-tv-z])\1$/.test(s) && !/(ll|ss|zz)$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('e') && s.length > 3) s = s.slice(0, -1);
  return s;
}

export const lexKey = (phrase: string) => phrase.split(' ').map(lightStem).join(' ');

/** Merges the entries of every phrase with the same light-stemmed key. */
function byKey<T>(map: Map<string, T[]>): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const [k, v] of map) out.set(lexKey(k), [...(out.get(lexKey(k)) ?? []), ...v]);
  return out;
}

const equivalentRaw = parseEquivalent(EQUIVALENT);
const equivalent = byKey(equivalentRaw);
const relatedRaw = parseRelated(RELATED);
const related = byKey(relatedRaw);
const hinglish = parseRelated(HINGLISH);

/**
 * All expansions of a canonical phrase: its equivalents at strength 1, its related concepts,
 * and (one hop) the related concepts of its equivalents, scaled down. The phrase itself is
 * not included. Heads are found by light stem ("hackers" → "hacker").
 */
export function lexiconExpansions(phrase: string): Expansion[] {
  const out = new Map<string, number>();
  const self = lexKey(phrase);
  const add = (p: string, s: number) => {
    if (p === phrase || lexKey(p) === self) return;
    if ((out.get(p) ?? 0) < s) out.set(p, s);
  };
  const eq = equivalent.get(self) ?? [];
  for (const e of eq) add(e, 1);
  for (const r of related.get(self) ?? []) add(r.phrase, r.strength);
  for (const e of eq) for (const r of related.get(lexKey(e)) ?? []) add(r.phrase, r.strength * 0.9);
  // Equivalents of related concepts ("pentesting" → "ethical hacking" → "white hat hacking").
  for (const [p, s] of [...out]) for (const e of equivalent.get(lexKey(p)) ?? []) add(e, s * 0.9);
  return [...out].map(([p, strength]) => ({ phrase: p, strength }));
}

/** Whether the lexicon knows this canonical phrase (as a head or an equivalent). */
export const isLexiconPhrase = (phrase: string) => equivalent.has(lexKey(phrase)) || related.has(lexKey(phrase));

/** Longest phrase length (in words) among lexicon heads, for greedy phrase matching. */
export const MAX_PHRASE_WORDS = Math.max(
  ...[...equivalentRaw.keys(), ...relatedRaw.keys(), ...hinglish.keys()].map((k) => k.split(' ').length),
);

/**
 * The Hinglish layer for reading Devanagari (search.translit.ts): every Hindi word of its
 * entries, and the English of each single-word entry.
 */
export function hinglishLexicon(): { hindiWords: string[]; toEnglish: Map<string, string> } {
  if (hinglishLayer) return hinglishLayer;
  const toEnglish = new Map<string, string>();
  const hindiWords = new Set<string>();
  for (const [key, list] of hinglish) {
    for (const w of key.split(' ')) hindiWords.add(w);
    if (!key.includes(' ') && list[0]) toEnglish.set(key, list[0].phrase);
  }
  hinglishLayer = { hindiWords: [...hindiWords], toEnglish };
  return hinglishLayer;
}
let hinglishLayer: { hindiWords: string[]; toEnglish: Map<string, string> } | undefined;

/** English for a Hinglish content word/phrase, if known. */
export function hinglishToEnglish(phrase: string): string | undefined {
  return hinglish.get(phrase)?.[0]?.phrase;
}

/** Every word the lexicon mentions (the word-vector build keeps vectors for these). */
export function lexiconWords(): string[] {
  const set = new Set<string>();
  const addPhrase = (p: string) => {
    for (const w of p.split(' ')) set.add(w);
  };
  for (const [k, v] of equivalentRaw) {
    addPhrase(k);
    v.forEach(addPhrase);
  }
  for (const [k, v] of relatedRaw) {
    addPhrase(k);
    for (const e of v) addPhrase(e.phrase);
  }
  for (const v of hinglish.values()) for (const e of v) addPhrase(e.phrase);
  return [...set];
}
