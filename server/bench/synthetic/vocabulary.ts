// Words the synthetic dump's titles, venues, affiliations and awards are built from, spelled
// as the DBLP dump spells them: plain ASCII, Latin-1 letters as the DTD's named entities
// (`Universit&auml;t`), wider characters as numeric references (`Bo&#287;azi&ccedil;i`).
// People's names are in name-pools.ts.

export function words(text: string): readonly string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

function lines(text: string): readonly string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export const institutions: readonly string[] = lines(`
  Universit&auml;t Trier, FB IV, Informatik, Germany
  ETH Z&uuml;rich, Department of Computer Science, Switzerland
  Technische Universit&auml;t M&uuml;nchen, Germany
  Universit&eacute; Paris-Saclay, LRI, Orsay, France
  &Eacute;cole Polytechnique F&eacute;d&eacute;rale de Lausanne, Switzerland
  KTH Royal Institute of Technology, Stockholm, Sweden
  Aalto University, Espoo, Finland
  University of Twente, The Netherlands
  Delft University of Technology, The Netherlands
  Universidad Polit&eacute;cnica de Madrid, Spain
  Universit&agrave; di Pisa, Dipartimento di Informatica, Italy
  Roskilde University, Denmark
  Norwegian University of Science and Technology, Gj&oslash;vik, Norway
  Massachusetts Institute of Technology, Cambridge, MA, USA
  Stanford University, Department of Computer Science, CA, USA
  University of California, Berkeley, CA, USA
  Carnegie Mellon University, Pittsburgh, PA, USA
  University of Wisconsin-Madison, WI, USA
  Harvard University, School of Engineering and Applied Sciences, Boston, MA, USA
  Microsoft Research, Redmond, WA, USA
  Google Research, Mountain View, CA, USA
  IBM Research, Yorktown Heights, NY, USA
  University of Toronto, Department of Computer Science, ON, Canada
  University of British Columbia, Vancouver, BC, Canada
  McGill University, Montreal, QC, Canada
  University of Oxford, Department of Computer Science, UK
  University of Cambridge, Computer Laboratory, UK
  Imperial College London, UK
  University of Edinburgh, School of Informatics, UK
  Tsinghua University, Department of Computer Science and Technology, Beijing, China
  Peking University, School of Computer Science, Beijing, China
  Zhejiang University, College of Computer Science, Hangzhou, China
  Shanghai Jiao Tong University, Shanghai, China
  Northeastern University, Software College, Shenyang, China
  Sun Yat-Sen University, Guangzhou, China
  University of Science and Technology of China, Hefei, China
  National University of Singapore, School of Computing, Singapore
  Nanyang Technological University, Singapore
  The University of Tokyo, Japan
  University of Tsukuba, Japan
  KAIST, School of Computing, Daejeon, South Korea
  Seoul National University, South Korea
  Indian Institute of Technology Bombay, Mumbai, India
  Indian Institute of Science, Bangalore, India
  Indian Institute of Technology Delhi, New Delhi, India
  University of Dhaka, Bangladesh
  Sharif University of Technology, Tehran, Iran
  Technion - Israel Institute of Technology, Haifa, Israel
  Weizmann Institute of Science, Rehovot, Israel
  University of S&atilde;o Paulo, Brazil
  Universidad de Chile, Santiago, Chile
  University of Cape Town, South Africa
  University of Melbourne, Australia
  Australian National University, Canberra, Australia
  University of Auckland, New Zealand
  Moscow State University, Russia
  Bo&#287;azi&ccedil;i University, Istanbul, Turkey
  Pompeu Fabra University, Barcelona, Spain
  University of Pavia, Department of Electrical, Computer and Biomedical Engineering, Italy
  Sapienza University of Rome, Italy
`);

export const awards: readonly string[] = lines(`
  Turing Award
  G&ouml;del Prize
  Knuth Prize
  ACM Fellow
  IEEE Fellow
  Gottfried Wilhelm Leibniz Prize
  ERC Advanced Grant
  Dijkstra Prize
`);

export const titleWords = {
  adjectives: words(`
    Efficient Scalable Robust Distributed Adaptive Secure Fast Optimal Approximate
    Incremental Parallel Probabilistic Federated Interpretable Verified Lightweight Neural
    Sparse Online Dynamic Private Fair Energy-Efficient Self-Supervised Decentralized
    Explainable Certified Compositional Hierarchical Multi-Agent Low-Latency Practical
  `),
  topics: lines(`
    Query Processing
    Graph Neural Networks
    Model Checking
    Type Inference
    Transaction Management
    Index Structures
    Stream Processing
    Program Synthesis
    Image Segmentation
    Object Detection
    Language Models
    Reinforcement Learning
    Static Analysis
    Consensus Protocols
    Smart Contracts
    Recommender Systems
    Entity Resolution
    Knowledge Graphs
    Cache Coherence
    Memory Allocation
    Garbage Collection
    Network Coding
    Routing
    Scheduling
    Load Balancing
    Matrix Factorization
    Clustering
    Anomaly Detection
    Speech Recognition
    Machine Translation
    Code Review
    Fuzz Testing
    Side-Channel Attacks
    Differential Privacy
    Homomorphic Encryption
    Zero-Knowledge Proofs
    Approximation Algorithms
    Graph Partitioning
    Shortest Paths
    Data Integration
    Schema Matching
    Time Series Forecasting
    Motion Planning
    Sensor Networks
    Edge Computing
    Serverless Computing
    Virtual Machines
    Compiler Optimization
    Spreadsheets
    Information Extraction
  `),
  approaches: words(`
    Framework Approach Algorithm Method Architecture Benchmark Study Analysis System Model
    Calculus Semantics Technique Toolkit Perspective
  `),
  domains: lines(`
    the Cloud
    Healthcare
    Autonomous Vehicles
    Data Lakes
    Mobile Devices
    Social Networks
    Scientific Workflows
    Large-Scale Systems
    Embedded Systems
    Financial Markets
    Legacy Code
    the Internet of Things
  `),
  /** Titles in German keep their Latin-1 letters as entities, as in the real dump. */
  german: lines(`
    Schnelle Multiplikation von Polynomen &uuml;ber K&ouml;rpern der Charakteristik 2
    &Uuml;ber die Komplexit&auml;t von Anfragen an verteilte Datenbanken
    Portierung eines Informationssystems auf ein relationales Datenbanksystem
    Ein Verfahren zur effizienten Pr&uuml;fung von Integrit&auml;tsbedingungen
    Zur Semantik nebenl&auml;ufiger Programme
  `),
};

export const venueWords = {
  fields: lines(`
    Data Engineering|DE
    Database Systems|DBS
    Software Engineering|SE
    Programming Languages|PL
    Computer Vision|CV
    Machine Learning|ML
    Artificial Intelligence|AI
    Computer Networks|NET
    Distributed Computing|DC
    Security and Privacy|SP
    Cryptography|CRYPT
    Theory of Computing|TC
    Algorithms|ALG
    Information Retrieval|IR
    Human-Computer Interaction|HCI
    Robotics|ROB
    Computational Linguistics|CL
    Computer Graphics|CG
    Bioinformatics|BIO
    Formal Methods|FM
    Logic in Computer Science|LCS
    Operating Systems|OS
    Computer Architecture|CA
    Embedded Systems|ES
    Signal Processing|SIP
    Wireless Communications|WC
    Knowledge Discovery and Data Mining|KDD
    Multimedia|MM
    Parallel Processing|PP
    Quantum Computing|QC
    Optimization|OPT
    Semantic Web|SW
    Cloud Computing|CC
    Internet of Things|IOT
    Computer Science Education|CSE
    Electronic Commerce|EC
  `),
  organisations: words(`ACM IEEE IFIP USENIX EATCS SIAM AAAI IAPR`),
  publishers: lines(`
    ACM
    IEEE
    Springer
    Elsevier
    IOS Press
    Schloss Dagstuhl - Leibniz-Zentrum f&uuml;r Informatik
    SIAM
    USENIX Association
    OpenReview.net
    Morgan &amp; Claypool Publishers
  `),
  cities: lines(`
    Berlin, Germany
    Z&uuml;rich, Switzerland
    Paris, France
    Barcelona, Spain
    Lisbon, Portugal
    Vienna, Austria
    Prague, Czech Republic
    Stockholm, Sweden
    Copenhagen, Denmark
    Helsinki, Finland
    Amsterdam, The Netherlands
    Rome, Italy
    Athens, Greece
    Istanbul, Turkey
    San Francisco, CA, USA
    New York, NY, USA
    Seattle, WA, USA
    Boston, MA, USA
    Vancouver, BC, Canada
    Montr&eacute;al, QC, Canada
    S&atilde;o Paulo, Brazil
    Beijing, China
    Shanghai, China
    Tokyo, Japan
    Seoul, South Korea
    Singapore
    Sydney, NSW, Australia
    Bangalore, India
    Cape Town, South Africa
    Virtual Event
  `),
  months: words(`
    January February March April May June July August September October November December
  `),
};
