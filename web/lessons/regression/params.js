// URL parameters of the regression lesson (see state/schema.js).
// pts: the data, one row "x,y" per point (2 to 12 rows, inside [0, 10]^2);
// lr, steps, it: gradient descent on (w, b) and the iterate shown;
// xq, kernel, bw: the kernel-regression query, kernel and bandwidth;
// sq: residual squares on/off; s2: the step of the second walkthrough.
export default {
  params: {
      pts: { type: 'matrix', maxRows: 12, maxCols: 2, min: 0, max: 10, default: [[1, 2], [2, 2.6], [3.5, 4.4], [5, 4.6], [6.5, 6.9], [8, 7.2], [9, 8.8]] },
      sq: { type: 'boolean', default: true },
      lr: { type: 'number', min: 0.0001, max: 1, default: 0.02 },
      steps: { type: 'integer', min: 1, max: 5000, default: 1000 },
      it: { type: 'integer', min: 0, max: 5000, default: 0 },
      xq: { type: 'number', min: 0, max: 10, step: 0.05, default: 4.3 },
      kernel: { type: 'enum', values: ['gaussian', 'boxcar', 'epanechnikov'], default: 'gaussian' },
      bw: { type: 'number', min: 0.1, max: 5, step: 0.05, default: 1 },
      s2: { type: 'integer', min: 1, max: 6, default: 1 },
    },
};
