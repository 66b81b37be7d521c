/* What a SCORM launch keeps in the LMS's suspend data, and reads back
 * (scorm/record.js, loaded before scorm/launch.js; a classic script).
 *
 * A lesson package keeps its lesson's query, as the page's URL holds it:
 *   lesson=softmax&lang=en&step=3&z=2,1,0.1
 * A course package keeps every lesson the learner opened in one record, so
 * that an LMS keeping one record per package (Open edX) loses none of them:
 *   al1c|softmax!100!cp!lang=en&step=3|attention!40!!lang=en&Q=1,0;0,1
 * "al1" and the scope the LMS's status and score were last reported for
 * ("l" one lesson, "c" the course); then one entry per lesson:
 * id!score (0-100, empty if none)!flags (c completed, p passed, f failed)!query.
 *
 * Within the LMS's limit (SCORM 1.2 keeps 4,096 characters) the text keeps,
 * in this order: every entry's result and shell state (lang, step,
 * progress, xseed), the current lesson's inputs, the other lessons' inputs;
 * within a lesson the shortest inputs first; each input whole or not at
 * all, and what is left out is reported.
 */
var AttnLabRecord = (function () {
  'use strict';
  var ID = /^[a-z-]{1,32}$/;
  var PAIR = /^[A-Za-z0-9_]+=[^&#|]*$/;
  var ESSENTIAL = /^(lang|step|progress|xseed)=/;
  var HEAD = /^al1([lc])\|/;

  function pairsOf(query) {
    if (query === '') return [];
    var ps = query.split('&');
    for (var i = 0; i < ps.length; i++) if (!PAIR.test(ps[i])) return null;
    return ps;
  }

  // Suspend data -> {kind: 'none' | 'lesson' | 'course' | 'bad', scope, ids, entries}
  // (entries[id] = {score: 0-100 or -1, flags, pairs: ['k=v', ...]}, ids in their order).
  function parse(text) {
    var out = { kind: 'none', scope: 'l', ids: [], entries: {} };
    var bad = function () { return { kind: 'bad', scope: 'l', ids: [], entries: {} }; };
    if (typeof text !== 'string' || text === '') return out;
    var head = HEAD.exec(text);
    if (!head) {
      var ps = /^lesson=/.test(text) ? pairsOf(text) : null;
      if (!ps || !ID.test(ps[0].slice(7))) return bad();
      out.kind = 'lesson';
      add(out, ps[0].slice(7), { score: -1, flags: '', pairs: ps.slice(1) });
      return out;
    }
    out.kind = 'course';
    out.scope = head[1];
    var parts = text.slice(head[0].length).split('|');
    for (var i = 0; i < parts.length; i++) {
      var f = parts[i].split('!');
      var pairs = f.length >= 4 ? pairsOf(f.slice(3).join('!')) : null;
      if (!pairs || !ID.test(f[0]) || out.entries[f[0]] || !/^(100|[1-9]?\d)?$/.test(f[1]) || !/^c?[pf]?$/.test(f[2])) return bad();
      add(out, f[0], { score: f[1] === '' ? -1 : +f[1], flags: f[2], pairs: pairs });
    }
    return out;
  }
  function add(state, id, entry) {
    if (!state.entries[id]) state.ids.push(id);
    state.entries[id] = entry;
  }

  // A course record keeps, in each lesson's progress, that lesson's own part.
  function ownProgress(id, pairs) {
    return pairs.map(function (p) {
      if (!/^progress=/.test(p)) return p;
      var own = p.slice(9).split('~').filter(function (r) { return r.split('.')[0] === id; });
      return own.length ? 'progress=' + own.join('~') : '';
    }).filter(Boolean);
  }

  function text(state, keep, course, scope) {
    if (!course) {
      var id = state.ids[0];
      return 'lesson=' + id + keep[id].map(function (p) { return '&' + p; }).join('');
    }
    return 'al1' + scope + '|' + state.ids.map(function (id) {
      var e = state.entries[id];
      return id + '!' + (e.score >= 0 ? e.score : '') + '!' + e.flags + '!' + keep[id].join('&');
    }).join('|');
  }

  // The text to save for `current`, at most max characters:
  // {text, dropped: names of current's inputs left out, others: ids of lessons with inputs left out}.
  function fit(state, current, max, course, scope) {
    var s = { ids: course ? state.ids.slice() : [current], entries: state.entries };
    var all = {}, keep = {}, out = { dropped: [], others: [] };
    s.ids.forEach(function (id) {
      all[id] = course ? ownProgress(id, state.entries[id].pairs) : state.entries[id].pairs;
      keep[id] = all[id].filter(function (p) { return ESSENTIAL.test(p); });
    });
    // Even the essentials too long: whole entries of other lessons go, last first.
    while (text(s, keep, course, scope).length > max && s.ids.length > 1) {
      var gone = s.ids.splice(s.ids[s.ids.length - 1] === current ? s.ids.length - 2 : s.ids.length - 1, 1)[0];
      out.others.push(gone);
    }
    var order = [current].concat(s.ids.filter(function (id) { return id !== current; }));
    order.forEach(function (id) {
      // The shortest inputs first: a large matrix left out rather than many settings.
      all[id].slice().sort(function (a, b) { return a.length - b.length; }).forEach(function (p) {
        if (ESSENTIAL.test(p)) return;
        var at = keep[id].length;
        keep[id].push(p);
        if (text(s, keep, course, scope).length <= max) return;
        keep[id].splice(at, 1);
        if (id === current) out.dropped.push(p.split('=')[0]);
        else if (out.others.indexOf(id) < 0) out.others.push(id);
      });
      // Inputs in their first order, whatever fitted.
      keep[id].sort(function (a, b) { return all[id].indexOf(a) - all[id].indexOf(b); });
    });
    var names = all[current].map(function (p) { return p.split('=')[0]; });
    out.dropped.sort(function (a, b) { return names.indexOf(a) - names.indexOf(b); });
    out.text = text(s, keep, course, scope);
    if (out.text.length > max) out.text = '';
    return out;
  }

  // The query a lesson's frame opens with: its saved state (as the page wrote
  // it: no lang is English), or the package's language alone.
  function query(state, id, lang) {
    var e = state.entries[id];
    return 'lesson=' + id + (e ? e.pairs.map(function (p) { return '&' + p; }).join('') : '&lang=' + lang);
  }

  return { parse: parse, fit: fit, query: query, pairsOf: pairsOf };
})();
