export default { id: 'practice', mount(el, ctx) { el.textContent = 'practice'; return {}; } };
