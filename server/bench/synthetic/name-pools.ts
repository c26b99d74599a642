// The names synthetic people are made of, spelled as the DBLP dump spells them: plain ASCII,
// Latin-1 letters as the DTD's named entities (`M&uuml;ller`) or, as in some real person
// records, decimal references (`&#214;hman`, `Lepp&#228;nen`). Names are Latin-1 only, as
// DBLP requires; wider characters appear only in titles and in person notes (CJK).
// Rules the name generator relies on (checked in names.test.ts): surnames are distinct
// across pools, and no ASCII spelling of a word with an entity is another word.
import { words } from './vocabulary.ts';

export interface NamePool {
  /** Given names: one capitalised word each, no spaces or hyphens. */
  given: readonly string[];
  /** Surnames, most frequent first; lower-case particles allowed (`van der Aalst`). */
  surnames: readonly string[];
  /** Second halves of hyphenated given names, for aliases (`Hans-Peter`). */
  secondGiven: readonly string[];
  /** True for the pool whose people may carry a CJK "unicode name" note. */
  hasCjkNotes: boolean;
}

/** Chinese given names: one syllable, or two joined (`Xiaoming`), the common ones first. */
function chineseGivenNames(): readonly string[] {
  const syllables = words(`
    Wei Jing Lei Yang Jun Hui Yan Tao Ming Hong Xin Bin Yu Jie Fang Ying Lin Qiang Hao Peng
    Chao Yi Feng Jian Na Min Yong Gang Bo Kai Rui Jia Zhen Dan Ning Qing Hua Yun Shuai Yue
    Huan Xiang Liang Ping Qi Shuo Tong Kun Xiao Zhi Hai Chun Guo Shao Wen Meng Zi Han Ze Run
  `);
  const pairs = syllables.flatMap((first) =>
    syllables.map((second) => first + second.toLowerCase()),
  );
  return [...syllables, ...pairs];
}

const eastAsian: NamePool = {
  given: chineseGivenNames(),
  surnames: words(`
    Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo Zheng
    Liang Xie Song Tang Han Feng Deng Cao Peng Zeng Xiao Tian Dong Pan Yuan Cai Jiang Yu Du
    Ye Cheng Wei Su Lu Ding Ren Shen Yao Qian Fang Shi Tan Liao Zou Xiong Jin Hao Kong Bai
    Cui Kang Mao Qiu Qin Gu Hou Shao Meng Long Wan Duan Lei Fan Wen Yin Lai Chang Xia Jia
  `),
  secondGiven: words(`Wei Ming Hua Jun Yu Lin Feng Xin`),
  hasCjkNotes: true,
};

const european: NamePool = {
  given: words(`
    J&uuml;rgen Fran&ccedil;ois Bj&ouml;rn S&oslash;ren Ren&eacute; Jos&eacute; Andr&eacute;
    Fr&eacute;d&eacute;ric G&uuml;nter J&ouml;rg H&aring;kan &Aring;sa In&ecirc;s C&eacute;line
    J&eacute;r&ocirc;me Ra&uacute;l Mar&iacute;a Luc&iacute;a Jes&uacute;s Ana&iuml;s Hans
    Klaus Stefan Wolfgang Matthias Markus Tobias Florian Sebastian Katharina Anja Birgit
    Ulrich Dieter Helmut Reinhard Pierre Jean Philippe Nicolas Olivier Sylvain Isabelle
    Sophie Camille Antoine Giuseppe Francesco Alessandro Lorenzo Matteo Chiara Giulia
    Federica Pedro Miguel Javier Manuel Antonio Carmen Pilar Joao Rui Tiago Lars Erik Nils
    Anders Magnus Ingrid Karin Kimmo Mikko Jukka Timo Pekka Laszlo Zoltan Istvan Janos
    Dimitrios Konstantinos Nikos Eleni Mehmet Ahmet Ayse Zeynep Piotr Tomasz Marek
    Agnieszka Jan Pieter Joost Maarten Willem Anouk Sanne Wim Arnold Nathan Oded
  `),
  surnames: words(`
    M&uuml;ller Schr&ouml;der Sch&ouml;nhage &Ouml;zsu Garc&iacute;a Mart&iacute;nez
    L&oacute;pez Gonz&aacute;lez Rodr&iacute;guez P&eacute;rez S&aacute;nchez Ram&iacute;rez
    G&oacute;mez D&iacute;az Hern&aacute;ndez Jim&eacute;nez Mu&ntilde;oz &Aacute;lvarez
    Fern&aacute;ndez Gu&eacute;rin Lef&egrave;vre Kr&uuml;ger K&ouml;hler J&auml;ger
    Vo&szlig; Gro&szlig;mann Bj&ouml;rklund Lindstr&ouml;m Lepp&#228;nen M&auml;kinen
    H&auml;m&auml;l&auml;inen &#214;hman S&oslash;rensen J&oslash;rgensen Gon&ccedil;alves
    Horv&aacute;th Szab&oacute; Kov&aacute;cs T&oacute;th &Ccedil;elik &Ouml;zt&uuml;rk
    Br&uuml;ckner M&ouml;ller Sch&auml;fer Dupont Bernard Moreau Laurent Girard Bonnet
    Mercier Lemaire Rousseau Weber Wagner Becker Hoffmann Koch Richter Klein Wolf Neumann
    Schwarz Zimmermann Braun Hartmann Lange Werner Krause Lehmann Johansson Karlsson
    Nilsson Andersson Virtanen Korhonen Rossi Russo Ferrari Esposito Bianchi Romano Colombo
    Ricci Marino Greco Bruno Gallo Conti Ferreira Pereira Oliveira Costa Rodrigues Nagy
    Papadopoulos Georgiou Nikolaidis Yilmaz Demir Kaya Kowalski Nowak Jansen Bakker Visser
    Smit Meijer Mulder Bos Vos Peters Hendriks Dekker Brouwer Prescher Gruss Mangard Lipp
    Genkin Hamburg Haas Kocher Yarom Saxena Simon Goodman Shmueli Blum Honkala Finkel
    Choquet Loulergue Leppinen Vollmer Klaas Kurtansky Bertolami
    van_der_Aalst van_Rijsbergen de_Souza da_Silva dos_Santos van_den_Boogaard de_Vries
    van_Dijk
  `).map((surname) => surname.replaceAll('_', ' ')),
  secondGiven: words(`Peter Christian Michael Luc Marie Maria Jan Anne`),
  hasCjkNotes: false,
};

const english: NamePool = {
  given: words(`
    James John Robert Michael William David Richard Joseph Thomas Charles Christopher Daniel
    Matthew Anthony Mark Donald Steven Paul Andrew Joshua Kenneth Kevin Brian George Edward
    Ronald Timothy Jason Jeffrey Ryan Jacob Gary Nicholas Eric Jonathan Stephen Larry
    Justin Scott Brandon Benjamin Samuel Gregory Frank Alexander Raymond Patrick Jack
    Dennis Jerry Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen
    Nancy Lisa Margaret Sandra Ashley Kimberly Emily Donna Michelle Carol Amanda Melissa
    Deborah Stephanie Rebecca Sharon Laura Cynthia Kathleen Amy Angela Helen Anna Brenda
    Pamela Nicole Emma Samantha Katherine Christine Rachel Catherine Janet Ruth Heather
    Diane Virginia Julie Joyce Victoria Olivia Kelly Christina Lauren Joan Evelyn Judith
    Megan Andrea Hannah Martha Jacqueline Frances Gloria Teresa Kathryn Alice Julia Grace
    Keith Marshall Vanessa Kurt Geoffrey Lothar Burton Gerrit Alex Yuval Mike Werner
  `),
  surnames: words(`
    Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Moore Jackson
    Martin Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Hill
    Green Adams Baker Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans
    Edwards Collins Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Bailey Reed
    Howard Cox Ward Richardson Watson Brooks Wood Bennett Gray Hughes Price Sanders Myers
    Ross Foster Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes
    Fisher Vasquez Simmons Graham Marshall Owens Harrison Gibson Wallace Ellis Hamilton
    Liskov Stonebraker Brodie Hornick Morrison Nayeri Manola Heiler Buchmann Georgakopoulos
    Phipps Breuer Hofmann McKusick Hubel Bautsch Calinescu Lawry Shanahan Ralescu Imai
    Augusto Huch Kameas Maitland Sixsmith Wichert Abbasi Bradaric Knuth Ley
  `),
  secondGiven: words(`Lee Ann Jay Mae Lynn John Rose Ray`),
  hasCjkNotes: false,
};

const southAsianAndOther: NamePool = {
  given: words(`
    Rahul Amit Sanjay Vijay Rajesh Suresh Ramesh Anil Sunil Manish Deepak Arun Ashok Ravi
    Vikram Anand Pradeep Srinivas Krishna Ajay Priya Anjali Pooja Neha Kavita Sunita Lakshmi
    Divya Shreya Aditi Madhu Mahmudul Mohammad Ahmed Ali Hassan Omar Fatima Aisha Yusuf
    Tariq Kamal Reza Hossein Mehdi Amir Kwame Chidi Oluwaseun Tunde Ngozi Thabo Carlos Luis
    Jorge Pablo Diego Alejandro Fernando Ricardo Eduardo Sergio Roberto Paolo Marco Luca
    Giovanni Ivan Dmitry Sergey Alexey Andrei Mikhail Olga Natalia Elena Irina Tatiana Yuri
    Igor Vladimir Pavel Nikolai Sanjeev Tamer Sanem Farshad Chua
  `),
  surnames: words(`
    Singh Kumar Sharma Gupta Patel Reddy Rao Iyer Nair Mehta Shah Joshi Verma Mishra Agarwal
    Chatterjee Banerjee Mukherjee Das Bose Sen Ghosh Hasan Rahman Hossain Islam Khan Ahmadi
    Hosseini Mohammadi Karimi Rezaei Haddad Okafor Okonkwo Mensah Diallo Ivanov Petrov
    Smirnov Kuznetsov Popov Sokolov Lebedev Kozlov Novikov Morozov Volkov Sudan Chaudhuri
    Krishnan Subramanian Venkatesan Raghavan Narayanan Ramakrishnan Srinivasan Balakrishnan
    Pillai Menon Kapoor Malhotra Bhatt Desai Kulkarni Deshpande Pandey Tiwari Yadav Sariel
    Salazar Castillo Vargas Romero Herrera Medina Aguilar Moreno Ortiz Delgado Castro
  `),
  secondGiven: words(`Kumar Raj Ali Devi Prasad Lal Nath Jose`),
  hasCjkNotes: false,
};

/** Chosen by the base name index modulo 4, so every pool has common and rare names. */
export const namePools: readonly NamePool[] = [eastAsian, european, english, southAsianAndOther];

/** One full middle name per initial, for aliases such as `Barbara Helen Liskov`. */
export const middleNamesByInitial: readonly string[] = words(`
  Alan Bernard Charles Douglas Edward Francis George Henry Irene John Kenneth Louis Michael
  Norman Oliver Patrick Quentin Robert Samuel Thomas Ulrich Victor Walter Xavier Yvonne Zachary
`);
