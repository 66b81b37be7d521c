// The NumPy program that reproduces a result (model.js attend): softmax,
// attention (with scale and causal options when the learner set them), a
// heatmap plot, the learner's matrices, and the prints of the weights and
// output shown beside it.
import { pyArray, pyNumber } from './numpy.js';

export function pythonCode(res, t) {
  const opts = res.causal || res.scale !== null;
  const L = [
    'import numpy as np',
    'import matplotlib.pyplot as plt',
    '',
    '',
    'def softmax(z):',
    `    # ${t('py.softmax1')}`,
    `    # ${t('py.softmax2')}`,
    '    exp_z = np.exp(z - np.max(z, axis=-1, keepdims=True))',
    '    return exp_z / np.sum(exp_z, axis=-1, keepdims=True)',
    '',
  ];
  if (!opts) {
    L.push(
      'def attention_weights(Q, K):',
      '    scores = np.dot(Q, K.T) / np.sqrt(K.shape[1])',
      '    return softmax(scores)',
      '',
      'def attention(Q, K, V):',
      '    weights = attention_weights(Q, K)',
      '    return np.dot(weights, V)',
    );
  } else {
    L.push(
      'def attention_weights(Q, K, scale=None, causal=False):',
      '    if scale is None:',
      `        scale = 1 / np.sqrt(K.shape[1])  # ${t('py.scaleDefault')}`,
      '    scores = np.dot(Q, K.T) * scale',
      '    if causal:',
      `        # ${t('py.causal')}`,
      '        allowed = np.tril(np.ones(scores.shape, dtype=bool))',
      '        scores = np.where(allowed, scores, -np.inf)',
      '    return softmax(scores)',
      '',
      'def attention(Q, K, V, **options):',
      '    weights = attention_weights(Q, K, **options)',
      '    return np.dot(weights, V)',
    );
  }
  L.push(
    '',
    'def plot_attention_matrix(attention_weights, title="Attention Matrix"):',
    '    plt.figure(figsize=(10, 8))',
    "    plt.imshow(attention_weights, cmap='Blues', vmin=0, vmax=1)",
    '    plt.colorbar()',
    '    plt.title(title)',
    "    plt.xlabel('Key Position')",
    "    plt.ylabel('Query Position')",
    '    plt.show()',
    '',
    '',
    `# ${t('py.data')}`,
    pyArray('Q', res.Q),
    pyArray('K', res.K),
    pyArray('V', res.V),
    '',
  );
  const args = [];
  if (res.scale !== null) args.push(`scale=${pyNumber(res.scale)}`);
  if (res.causal) args.push('causal=True');
  const extra = args.length ? `, ${args.join(', ')}` : '';
  L.push(
    `weights = attention_weights(Q, K${extra})`,
    `output = attention(Q, K, V${extra})`,
    '',
    'np.set_printoptions(precision=6, suppress=True)',
    `print(${pyString(t('py.weights'))})`,
    'print(weights)',
    `print(${pyString(t('py.output'))})`,
    'print(output)',
    '',
    'plot_attention_matrix(weights)',
  );
  return L.join('\n') + '\n';
}

// A Python string literal (the labels are plain text without quotes, but be safe).
const pyString = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
