// Number formats (issue 36 SPEC "Precision"): rounding, their parameters,
// and softmax computed in a format.
export default {
  roundToFormat: { args: [['x', 'number|matrix|vector'], ['format', 'string']], options: { saturate: 'boolean' } },
  formatInfo: { args: [['format', 'string']] },
  softmaxInFormat: { args: [['z', 'vector']], options: { format: 'string', sumFormat: 'string', subtractMax: 'boolean' } },
};
