// The one ordered list of lessons, in the chapter's order: id, titles and
// summaries in both languages. Lesson <id> lives in web/lessons/<id>/
// (index.js: mount(el, ctx); params.js: its URL parameters; strings.json:
// its strings, {en, "zh-Hans"}; style.css: its styles). The shell's menu,
// dist/lessons.json, the embed catalogue, the build and the tests derive
// from this list (docs/contributing.md, "A new lesson").
export const REGISTRY = [
  {
    id: 'vectors',
    title: { en: "Vectors and matrices", 'zh-Hans': "向量与矩阵" },
    summary: {
      en: "Vector arithmetic, dot products and norms; matrices as transformations h = Wx + b; trace, determinant and the algebra of matrix products.",
      'zh-Hans': "向量的加法、数乘、内积与范数；把矩阵看作变换 h = Wx + b；迹、行列式与矩阵乘法的运算律。",
    },
  },
  {
    id: 'probability',
    title: { en: "Probability and expectation", 'zh-Hans': "概率与期望" },
    summary: {
      en: "Discrete distributions, expectation and variance, conditional probability from a joint table.",
      'zh-Hans': "离散分布、期望与方差，以及如何从联合概率表得到条件概率。",
    },
  },
  {
    id: 'softmax',
    title: { en: "Softmax", 'zh-Hans': "Softmax 函数" },
    summary: {
      en: "How softmax turns any list of scores into probabilities, why we subtract the maximum first, what temperature does, and the Jacobian that training uses.",
      'zh-Hans': "Softmax 如何把任意一组分数变成概率、为什么要先减去最大值、温度起什么作用，以及训练时要用到的雅可比矩阵。",
    },
  },
  {
    id: 'optimization',
    title: { en: "Gradient descent, momentum and Adam", 'zh-Hans': "梯度下降、动量法与 Adam" },
    summary: {
      en: "Minimizing a function step by step: learning rates, momentum, and Adam's adaptive steps with bias correction.",
      'zh-Hans': "一步一步地最小化函数：学习率、动量，以及带偏差校正的 Adam 自适应步长。",
    },
  },
  {
    id: 'regression',
    title: { en: "From linear regression to attention", 'zh-Hans': "从线性回归到注意力" },
    summary: {
      en: "Least squares, then predictions as weighted sums of training targets: kernel regression is attention.",
      'zh-Hans': "先看最小二乘，再把预测写成训练目标的加权和：核回归就是一种注意力。",
    },
  },
  {
    id: 'attention',
    title: { en: "Scaled dot-product attention", 'zh-Hans': "缩放点积注意力" },
    summary: {
      en: "Attention(Q, K, V) = softmax(QKᵀ/√dₖ)V, one step at a time: scores, scaling, masking, softmax, weighted values — then several heads at once.",
      'zh-Hans': "注意力(Q, K, V) = softmax(QKᵀ/√dₖ)V，逐步拆开：打分、缩放、掩码、softmax、对值加权求和，再到多头注意力。",
    },
  },
  {
    id: 'training',
    title: { en: "Training attention", 'zh-Hans': "训练注意力" },
    summary: {
      en: "A one-head attention model learns toy tasks whose right pattern you can predict: loss and attention maps update by update, one weight through Adam, three optimizers compared, two heads, and what the trained query–key products mean.",
      'zh-Hans': "一个单头注意力模型学习几个你能预先猜出正确模式的小任务：逐次更新地观察损失和注意力图，跟着一个权重走过 Adam，比较三种优化器，再看两个头，以及训练出的查询–键乘积的含义。",
    },
  },
  {
    id: 'circuits',
    title: { en: "Circuits: how a transformer learns to copy", 'zh-Hans': "回路：Transformer 如何学会复制" },
    summary: {
      en: "A two-layer attention-only transformer trained live forms an induction head — a previous-token head and a head that copies what followed the last occurrence — suddenly, in a phase change; a one-layer model never does.",
      'zh-Hans': "实时训练一个只有注意力的两层 Transformer：它会突然（一次相变）形成归纳头——一个前一词元头，加上一个复制“上次出现之后那个词元”的头；单层模型则永远做不到。",
    },
  },
  {
    id: 'svd',
    title: { en: "SVD and low-rank attention", 'zh-Hans': "奇异值分解与低秩注意力" },
    summary: {
      en: "Singular value decomposition, the best rank-r approximation, and attention computed through low-rank matrices.",
      'zh-Hans': "奇异值分解、最佳秩 r 近似，以及用低秩矩阵计算注意力。",
    },
  },
  {
    id: 'graphs',
    title: { en: "Graphs and graph attention", 'zh-Hans': "图与图注意力网络" },
    summary: {
      en: "Adjacency, degree and Laplacian matrices; graph attention networks as attention restricted to neighbours.",
      'zh-Hans': "邻接矩阵、度矩阵与拉普拉斯矩阵；图注意力网络就是只在邻居之间做注意力。",
    },
  },
  {
    id: 'information',
    title: { en: "Entropy, KL divergence and mutual information", 'zh-Hans': "熵、KL 散度与互信息" },
    summary: {
      en: "How much information a distribution carries, how far two distributions are apart, and what attention weights' entropy says.",
      'zh-Hans': "一个分布含有多少信息、两个分布相差多远，以及注意力权重的熵说明了什么。",
    },
  },
  {
    id: 'complexity',
    title: { en: "The cost of attention", 'zh-Hans': "注意力的计算代价" },
    summary: {
      en: "Why full attention costs O(n²d), and how sparse and low-rank attention bring it down — measured live.",
      'zh-Hans': "为什么完整注意力的代价是 O(n²d)，稀疏注意力和低秩注意力又如何降低它——在浏览器里实测。",
    },
  },
  {
    id: 'flash',
    title: { en: "Attention at scale: exact and approximate", 'zh-Hans': "大规模注意力：精确与近似" },
    summary: {
      en: "Online softmax and FlashAttention's tiles compute exact attention without the n × n matrix; what 16- and 8-bit numbers do to softmax and its sums; linear attention's two orders of multiplication.",
      'zh-Hans': "在线 softmax 与 FlashAttention 的分块计算不存储 n × n 矩阵也能得到精确的注意力；16 位与 8 位数对 softmax 及其求和的影响；线性注意力乘法的两种顺序。",
    },
  },
  {
    id: 'proofs',
    title: { en: "Proofs and asymptotics", 'zh-Hans': "证明与渐近分析" },
    summary: {
      en: "Softmax is Lipschitz with constant 1/(2T); what happens to attention as the number of keys grows.",
      'zh-Hans': "Softmax 满足常数为 1/(2T) 的 Lipschitz 条件；键的数量增大时注意力会怎样。",
    },
  },
  {
    id: 'practice',
    title: { en: "Practice: your own attention", 'zh-Hans': "动手实践：你自己的注意力" },
    summary: {
      en: "Paste your own Q, K and V, get the weights heatmap and output, and the NumPy code that reproduces every number.",
      'zh-Hans': "粘贴你自己的 Q、K、V，得到注意力权重热力图和输出，以及能复现每个数字的 NumPy 代码。",
    },
  },
];

export const lessonIds = () => REGISTRY.map((l) => l.id);
