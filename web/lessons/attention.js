export default { id: 'attention', mount(el, ctx) { el.textContent = 'attention'; return {}; } };
