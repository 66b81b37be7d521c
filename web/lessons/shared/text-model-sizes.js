// The gzip size in KB of each model's script (dist/lessons/model-<lang>.js),
// said on the button that loads it; tests/js/real-model.test.mjs checks it
// against the built file.
export const MODEL_KB = { en: 42, 'zh-Hans': 71 };
