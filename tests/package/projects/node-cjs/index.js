// Node, CommonJS: require() of the package, its package.json and lessons.json.
const AttnLab = require('attention-lab');
const pkg = require('attention-lab/package.json');
const lessons = require('attention-lab/lessons.json');

AttnLab.load().then(async (lab) => {
  const r = lab.attention([[1, 0], [0, 1]], [[1, 0], [0, 1]], [[1, 2], [3, 4]]);
  console.log(JSON.stringify({
    w00: r.weights[0][0], version: AttnLab.version, pkgVersion: pkg.version, lessonsVersion: lessons.version,
    lessons: lessons.lessons.length, sameInstance: (await AttnLab.load()) === lab,
  }));
});
