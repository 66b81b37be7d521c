// The course's bibliography: key -> {authors, title, venue, year, url}.
// Lessons cite by key (web/lessons/<id>/course.json, "references");
// web/course/lesson-references.js formats them. Only works whose authors,
// year and venue are certain; titles stay in the original language, as a
// reader searches for them that way.
export const REFERENCES = {
  vaswani2017: {
    authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar', 'Jakob Uszkoreit', 'Llion Jones', 'Aidan N. Gomez', 'Łukasz Kaiser', 'Illia Polosukhin'],
    title: 'Attention Is All You Need', venue: 'Advances in Neural Information Processing Systems 30 (NeurIPS)', year: 2017,
    url: 'https://arxiv.org/abs/1706.03762',
  },
  bahdanau2015: {
    authors: ['Dzmitry Bahdanau', 'Kyunghyun Cho', 'Yoshua Bengio'],
    title: 'Neural Machine Translation by Jointly Learning to Align and Translate', venue: 'International Conference on Learning Representations (ICLR)', year: 2015,
    url: 'https://arxiv.org/abs/1409.0473',
  },
  velickovic2018: {
    authors: ['Petar Veličković', 'Guillem Cucurull', 'Arantxa Casanova', 'Adriana Romero', 'Pietro Liò', 'Yoshua Bengio'],
    title: 'Graph Attention Networks', venue: 'International Conference on Learning Representations (ICLR)', year: 2018,
    url: 'https://arxiv.org/abs/1710.10903',
  },
  wang2020: {
    authors: ['Sinong Wang', 'Belinda Z. Li', 'Madian Khabsa', 'Han Fang', 'Hao Ma'],
    title: 'Linformer: Self-Attention with Linear Complexity', venue: 'arXiv:2006.04768', year: 2020,
    url: 'https://arxiv.org/abs/2006.04768',
  },
  olsson2022: {
    authors: ['Catherine Olsson', 'Nelson Elhage', 'Neel Nanda', 'Nicholas Joseph', 'et al.'],
    title: 'In-context Learning and Induction Heads', venue: 'Transformer Circuits Thread', year: 2022,
    url: 'https://transformer-circuits.pub/2022/in-context-learning-and-induction-heads/index.html',
  },
  elhage2021: {
    authors: ['Nelson Elhage', 'Neel Nanda', 'Catherine Olsson', 'Tom Henighan', 'Nicholas Joseph', 'et al.'],
    title: 'A Mathematical Framework for Transformer Circuits', venue: 'Transformer Circuits Thread', year: 2021,
    url: 'https://transformer-circuits.pub/2021/framework/index.html',
  },
  dao2022: {
    authors: ['Tri Dao', 'Daniel Y. Fu', 'Stefano Ermon', 'Atri Rudra', 'Christopher Ré'],
    title: 'FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness', venue: 'Advances in Neural Information Processing Systems 35 (NeurIPS)', year: 2022,
    url: 'https://arxiv.org/abs/2205.14135',
  },
  katharopoulos2020: {
    authors: ['Angelos Katharopoulos', 'Apoorv Vyas', 'Nikolaos Pappas', 'François Fleuret'],
    title: 'Transformers are RNNs: Fast Autoregressive Transformers with Linear Attention', venue: 'International Conference on Machine Learning (ICML)', year: 2020,
    url: 'https://arxiv.org/abs/2006.16236',
  },
  kingma2015: {
    authors: ['Diederik P. Kingma', 'Jimmy Ba'],
    title: 'Adam: A Method for Stochastic Optimization', venue: 'International Conference on Learning Representations (ICLR)', year: 2015,
    url: 'https://arxiv.org/abs/1412.6980',
  },
  goodfellow2016: {
    authors: ['Ian Goodfellow', 'Yoshua Bengio', 'Aaron Courville'],
    title: 'Deep Learning', venue: 'MIT Press', year: 2016,
    url: 'https://www.deeplearningbook.org/',
  },
  cover2006: {
    authors: ['Thomas M. Cover', 'Joy A. Thomas'],
    title: 'Elements of Information Theory (2nd ed.)', venue: 'Wiley', year: 2006,
    url: 'https://doi.org/10.1002/047174882X',
  },
  bishop2006: {
    authors: ['Christopher M. Bishop'],
    title: 'Pattern Recognition and Machine Learning', venue: 'Springer', year: 2006,
    url: null,
  },
  milakov2018: {
    authors: ['Maxim Milakov', 'Natalia Gimelshein'],
    title: 'Online normalizer calculation for softmax', venue: 'arXiv:1805.02867', year: 2018,
    url: 'https://arxiv.org/abs/1805.02867',
  },
  gao2017: {
    authors: ['Bolin Gao', 'Lacra Pavel'],
    title: 'On the Properties of the Softmax Function with Application in Game Theory and Reinforcement Learning', venue: 'arXiv:1704.00805', year: 2017,
    url: 'https://arxiv.org/abs/1704.00805',
  },
  strang2016: {
    authors: ['Gilbert Strang'],
    title: 'Introduction to Linear Algebra (5th ed.)', venue: 'Wellesley-Cambridge Press', year: 2016,
    url: null,
  },
  eckart1936: {
    authors: ['Carl Eckart', 'Gale Young'],
    title: 'The approximation of one matrix by another of lower rank', venue: 'Psychometrika 1(3), 211–218', year: 1936,
    url: 'https://doi.org/10.1007/BF02288367',
  },
  chung1997: {
    authors: ['Fan R. K. Chung'],
    title: 'Spectral Graph Theory', venue: 'American Mathematical Society (CBMS Regional Conference Series in Mathematics 92)', year: 1997,
    url: null,
  },
  child2019: {
    authors: ['Rewon Child', 'Scott Gray', 'Alec Radford', 'Ilya Sutskever'],
    title: 'Generating Long Sequences with Sparse Transformers', venue: 'arXiv:1904.10509', year: 2019,
    url: 'https://arxiv.org/abs/1904.10509',
  },
  kim2021: {
    authors: ['Hyunjik Kim', 'George Papamakarios', 'Andriy Mnih'],
    title: 'The Lipschitz Constant of Self-Attention', venue: 'International Conference on Machine Learning (ICML)', year: 2021,
    url: 'https://arxiv.org/abs/2006.04710',
  },
  harris2020: {
    authors: ['Charles R. Harris', 'K. Jarrod Millman', 'Stéfan J. van der Walt', 'et al.'],
    title: 'Array programming with NumPy', venue: 'Nature 585, 357–362', year: 2020,
    url: 'https://doi.org/10.1038/s41586-020-2649-2',
  },
};
