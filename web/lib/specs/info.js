// Information theory (API.md "Information theory"; conditionalEntropy is our extension).
const BASE = { base: 'number' };
export default {
  entropy: { args: [['p', 'vector']], options: BASE },
  crossEntropy: { args: [['p', 'vector'], ['q', 'vector']], options: BASE },
  klDivergence: { args: [['p', 'vector'], ['q', 'vector']], options: BASE },
  mutualInformation: { args: [['joint', 'matrix']], options: BASE },
  conditionalEntropy: { args: [['joint', 'matrix']], options: BASE },
};
