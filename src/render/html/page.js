// Draws each puzzle's boards from the JSON data in its section, and moves between steps.
// A step's board is drawn the first time it is shown.
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var C = 60;   // a cell's side, in SVG units
  var M = 22;   // the margin that holds the row and column labels
  var BAND = 40; // the band around the grid that holds clues outside it, when there are any
  var STACK = 32; // how much deeper the band grows for each further clue at one place
  var ROLE_FILL = { 1: '#2f9e44', 2: '#ffc9c9', 3: '#e599f7', 4: '#8ce99a', 5: '#91a7ff', 6: '#ffe066' };
  var ROLE_NAME = { 1: 'placed', 2: 'removed', 3: 'fin', 4: 'chain node, true', 5: 'chain node, false', 6: 'pattern' };
  var COLORS = ['#ffa94d', '#74c0fc', '#b197fc', '#63e6be', '#f783ac', '#ffd43b', '#a9e34b', '#ced4da', '#ff8787', '#66d9e8'];
  var SET_FILL = ['#ffd8a8', '#c5f6fa', '#eebefa', '#d8f5a2', '#fcc2d7', '#d0bfff'];
  var SET_CELL = ['#fff4e6', '#e3fafc', '#f8f0fc', '#f4fce3', '#fff0f6', '#f3f0ff'];
  var CHAIN = ['#c2255c', '#1864ab', '#d9480f', '#2b8a3e', '#5f3dc4', '#0b7285'];
  var LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  // The line rules' colours, as f-puzzles-style sites draw them, so a setter knows them.
  var LINE_COLOR = { whisper: '#5fd35f', renban: '#e26be2', palindrome: '#a9a9a9', regionsum: '#3ca5f0', entropic: '#ff9a2e' };
  var LINE_GREY = '#8f8f8f';
  // The clues beside rows and columns, one colour a rule: the rules' list on the page names
  // them when a puzzle has more than one kind.
  var OUTSIDE_COLOR = { sandwich: '#222', xsum: '#1864ab', skyscraper: '#a8420c' };

  document.documentElement.className = document.documentElement.className.replace('nojs', 'js');

  function el(tag, attrs, parent, text) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function cellName(d, c) { return 'r' + (Math.floor(c / d.n) + 1) + 'c' + (c % d.n + 1); }
  function shape(n) { var cols = Math.ceil(Math.sqrt(n)); return [cols, Math.ceil(n / cols)]; }
  function corner(d, c) { return [d.ox + (c % d.n) * C, d.oy + Math.floor(c / d.n) * C]; }
  function centre(d, c) { var p = corner(d, c); return [p[0] + C / 2, p[1] + C / 2]; }
  // Where a candidate stands in its cell. Why closer together in a cell with a cage sum:
  // the sum has the top-left corner, where digit 1 would stand on it.
  var SQUEEZE = 0.84;
  function candAt(d, c, digit) {
    var s = shape(d.n), p = corner(d, c), k = digit - 1;
    var x = ((k % s[0]) + 0.5) * C / s[0], y = (Math.floor(k / s[0]) + 0.5) * C / s[1];
    if (d.sumCells[c]) { x = C * (1 - SQUEEZE) + x * SQUEEZE; y = C * (1 - SQUEEZE) + y * SQUEEZE; }
    return [p[0] + x, p[1] + y];
  }
  function candRadius(d) { var s = shape(d.n); return Math.min(C / s[0], C / s[1]) * 0.45; }

  // The grid before step k, replayed from the start (and kept).
  function state(d, k) {
    if (!d.states) d.states = [d.start];
    for (var i = d.states.length; i <= k; i++) {
      var next = d.states[i - 1].slice();
      d.steps[i - 1].ch.forEach(function (x) { next[x[0]] = x[1]; });
      d.states.push(next);
    }
    return d.states[k];
  }

  function fillCells(d, g, cells, fill, cls) {
    cells.forEach(function (c) {
      var p = corner(d, c);
      el('rect', { x: p[0], y: p[1], width: C, height: C, fill: fill, 'class': cls, 'data-cell': cellName(d, c) }, g);
    });
  }

  // The rules' marks under the digits: shaded houses and clones, odd and even shapes,
  // minimum and maximum cells; `edges` gets the dots, X and V, quadruples and chevrons.
  function drawMarks(d, back, edges) {
    var m = d.marks;
    d.shade.forEach(function (h) { fillCells(d, back, h, '#ebebeb', 'extra'); });
    m.clone.forEach(function (g) { fillCells(d, back, g, '#dedede', 'clone'); });
    fillCells(d, back, m.colindex, '#fbdde1', 'indexer column-indexer');
    fillCells(d, back, m.rowindex, '#e4ddf7', 'indexer row-indexer');
    fillCells(d, back, m.min.concat(m.max), '#efefef', 'minmax');
    m.odd.forEach(function (c) { var p = centre(d, c); el('circle', { cx: p[0], cy: p[1], r: C * 0.4, fill: '#d9d9d9', 'class': 'odd' }, back); });
    m.even.forEach(function (c) { var p = centre(d, c); el('rect', { x: p[0] - C * 0.4, y: p[1] - C * 0.4, width: C * 0.8, height: C * 0.8, fill: '#d9d9d9', 'class': 'even' }, back); });
    function mid(a, b) { var p = centre(d, a), q = centre(d, b); return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2]; }
    [['white', '#fff'], ['black', '#222']].forEach(function (kind) {
      m[kind[0]].forEach(function (dot) {
        var p = mid(dot[0], dot[1]);
        el('circle', { cx: p[0], cy: p[1], r: C * 0.1, fill: kind[1], stroke: '#222', 'stroke-width': 1.5, 'class': 'dot ' + kind[0] }, edges);
        if (dot[2] !== null) el('text', { x: p[0], y: p[1], 'font-size': C * 0.13, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: kind[0] === 'black' ? '#fff' : '#222' }, edges, dot[2]);
      });
    });
    ['x', 'v'].forEach(function (kind) {
      m[kind].forEach(function (pair) {
        var p = mid(pair[0], pair[1]);
        el('text', { x: p[0], y: p[1], 'font-size': C * 0.32, 'font-weight': 700, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#222', stroke: '#fff', 'stroke-width': 4, 'paint-order': 'stroke', 'class': 'xv' }, edges, kind.toUpperCase());
      });
    });
    [[m.min, -1], [m.max, 1]].forEach(function (kind) {
      kind[0].forEach(function (c) {
        var p = centre(d, c), r = Math.floor(c / d.n), col = c % d.n;
        [[0, -1], [0, 1], [-1, 0], [1, 0]].forEach(function (dir) {
          var rr = r + dir[1], cc = col + dir[0];
          if (rr < 0 || cc < 0 || rr >= d.n || cc >= d.n) return;
          // A chevron near the edge; its point is outward for a maximum, inward for a minimum.
          var out = C * 0.42, s = C * 0.07, tip = kind[1] * s;
          var bx = p[0] + dir[0] * out, by = p[1] + dir[1] * out;
          var a = [bx - dir[0] * tip - dir[1] * s * 1.6, by - dir[1] * tip - dir[0] * s * 1.6];
          var b = [bx + dir[0] * tip, by + dir[1] * tip];
          var e = [bx - dir[0] * tip + dir[1] * s * 1.6, by - dir[1] * tip + dir[0] * s * 1.6];
          el('polyline', { points: a.join(',') + ' ' + b.join(',') + ' ' + e.join(','), fill: 'none', stroke: '#555', 'stroke-width': 1.6, 'class': 'chevron' }, edges);
        });
      });
    });
    m.quad.forEach(function (q) {
      var p = corner(d, q[0][3]), digits = q[1].map(function (x) { return d.dc[x - 1]; });
      el('circle', { cx: p[0], cy: p[1], r: C * 0.2, fill: '#fff', stroke: '#222', 'stroke-width': 1.3, 'class': 'quad' }, edges);
      var lines = digits.length > 2 ? [digits.slice(0, 2), digits.slice(2)] : [digits];
      lines.forEach(function (line, i) {
        el('text', { x: p[0], y: p[1] + (lines.length === 1 ? 0 : (i ? 1 : -1) * C * 0.075), 'font-size': C * 0.14, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#222' }, edges, line.join(' '));
      });
    });
  }

  function points(d, cells) { return cells.map(function (c) { return centre(d, c); }); }
  function pointList(pts) { return pts.map(function (p) { return p.join(','); }).join(' '); }
  function toward(a, b, t) { return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]; }

  // A circle (one cell) or a rounded box (several) of radius `r` around cells' centres: the
  // points within `r` of the box that holds the centres.
  function roundBox(d, cells, r) {
    var pts = points(d, cells), xs = pts.map(function (p) { return p[0]; }), ys = pts.map(function (p) { return p[1]; });
    var b = { x0: Math.min.apply(null, xs), x1: Math.max.apply(null, xs), y0: Math.min.apply(null, ys), y1: Math.max.apply(null, ys), r: r };
    b.inside = function (p) {
      var dx = Math.max(b.x0 - p[0], 0, p[0] - b.x1), dy = Math.max(b.y0 - p[1], 0, p[1] - b.y1);
      return dx * dx + dy * dy <= r * r;
    };
    return b;
  }
  // Draws the outline of a `roundBox` with the attributes given.
  function drawRoundBox(g, b, attrs) {
    attrs.x = b.x0 - b.r; attrs.y = b.y0 - b.r; attrs.width = b.x1 - b.x0 + 2 * b.r; attrs.height = b.y1 - b.y0 + 2 * b.r;
    attrs.rx = b.r; attrs.fill = 'none';
    return el('rect', attrs, g);
  }

  // The points of a line that starts inside `shape` (a circle at its end), cut where it
  // leaves the shape: so the line touches the circle's edge and does not cross it. The
  // crossing is found by halving the first segment that ends outside.
  function outOf(shape, pts) {
    var k = 1;
    while (k < pts.length && shape.inside(pts[k])) k++;
    if (k === pts.length) return [];
    var lo = 0, hi = 1;
    for (var i = 0; i < 30; i++) {
      var t = (lo + hi) / 2;
      if (shape.inside(toward(pts[k - 1], pts[k], t))) lo = t; else hi = t;
    }
    return [toward(pts[k - 1], pts[k], hi)].concat(pts.slice(k));
  }

  // A killer cage's outline, a little inside its outer boundary. Each cell side that faces
  // out of the cage is a stretch; at each end of it, the stretch stops short of the corner
  // when the cage turns there (a convex corner), runs to the cell's edge when the cage goes
  // straight on, and reaches a little into the next cell when the cage wraps round an inner
  // corner, so that the stretches meet the neighbours' as one closed line.
  function cagePath(d, cells) {
    var n = d.n, inset = C * 0.05, half = C / 2, path = '', member = {};
    cells.forEach(function (c) { member[c] = true; });
    function has(r, c) { return r >= 0 && c >= 0 && r < n && c < n && member[r * n + c] === true; }
    // Each side: the step out of the cell (row, column), and the step along the side.
    var sides = [[[-1, 0], [0, 1]], [[0, 1], [1, 0]], [[1, 0], [0, -1]], [[0, -1], [-1, 0]]];
    cells.forEach(function (cell) {
      var r = Math.floor(cell / n), c = cell % n, p = centre(d, cell);
      sides.forEach(function (side) {
        var out = side[0], along = side[1];
        if (has(r + out[0], c + out[1])) return;
        var ends = [-1, 1].map(function (s) {
          var nr = r + s * along[0], nc = c + s * along[1], len = half - inset;
          if (has(nr, nc)) len = has(nr + out[0], nc + out[1]) ? half + inset : half;
          return [p[0] + out[1] * (half - inset) + s * along[1] * len, p[1] + out[0] * (half - inset) + s * along[0] * len];
        });
        path += 'M' + ends[0].join(' ') + 'L' + ends[1].join(' ');
      });
    });
    return path;
  }

  // The rules drawn over the cells, under the digits: killer cages, thermometers, arrows,
  // the coloured lines and between lines. Why partly see-through: a step's highlight under
  // them still shows.
  function drawLines(d, g) {
    var m = d.marks;
    m.thermo.forEach(function (thermo) {
      // Why one group: its lines and bulb overlap, and the group's opacity keeps them one grey.
      var t = el('g', { opacity: 0.75, 'class': 'thermo' }, g);
      thermo.forEach(function (line) {
        el('polyline', { points: pointList(points(d, line)), fill: 'none', stroke: '#b4b4b4', 'stroke-width': C * 0.26, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'class': 'thermo-line' }, t);
      });
      var bulb = centre(d, thermo[0][0]);
      el('circle', { cx: bulb[0], cy: bulb[1], r: C * 0.38, fill: '#b4b4b4', 'class': 'thermo-bulb' }, t);
    });
    m.lines.forEach(function (line) {
      el('polyline', { points: pointList(points(d, line[1])), fill: 'none', stroke: LINE_COLOR[line[0]], 'stroke-width': C * 0.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', opacity: 0.7, 'class': 'rule-line ' + line[0] }, g);
    });
    m.between.forEach(function (line) {
      var ends = [line[0], line[line.length - 1]].map(function (c) { return roundBox(d, [c], C * 0.4); });
      var pts = outOf(ends[0], points(d, line)).reverse();
      pts = outOf(ends[1], pts);
      if (pts.length > 1) el('polyline', { points: pointList(pts), fill: 'none', stroke: LINE_GREY, 'stroke-width': 2.2, 'stroke-linejoin': 'round', 'class': 'between-line' }, g);
      ends.forEach(function (b) { drawRoundBox(g, b, { stroke: LINE_GREY, 'stroke-width': 2.2, 'class': 'between-end' }); });
    });
    m.arrow.forEach(function (arrow) {
      var circle = roundBox(d, arrow[0], C * 0.4);
      drawRoundBox(g, circle, { stroke: LINE_GREY, 'stroke-width': 2.2, 'class': 'arrow-circle' });
      arrow[1].forEach(function (line) {
        var pts = outOf(circle, points(d, line));
        if (pts.length < 2) return;
        el('polyline', { points: pointList(pts), fill: 'none', stroke: LINE_GREY, 'stroke-width': 2.2, 'stroke-linejoin': 'round', 'class': 'arrow-line' }, g);
        // The head: two strokes back from the shaft's end, each 35 degrees off the shaft.
        var tip = pts[pts.length - 1], from = pts[pts.length - 2];
        var dx = tip[0] - from[0], dy = tip[1] - from[1], len = Math.sqrt(dx * dx + dy * dy) || 1, h = C * 0.22;
        dx /= len; dy /= len;
        var cos = Math.cos(0.61), sin = Math.sin(0.61);
        var a = [tip[0] - h * (dx * cos - dy * sin), tip[1] - h * (dy * cos + dx * sin)];
        var b = [tip[0] - h * (dx * cos + dy * sin), tip[1] - h * (dy * cos - dx * sin)];
        el('polyline', { points: pointList([a, tip, b]), fill: 'none', stroke: LINE_GREY, 'stroke-width': 2.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'class': 'arrow-head' }, g);
      });
    });
    m.cage.forEach(function (cage) {
      el('path', { d: cagePath(d, cage[0]), fill: 'none', stroke: '#333', 'stroke-width': 1.3, 'stroke-dasharray': '4 3', 'class': 'cage' }, g);
      if (cage[1] === null) return;
      // The sum in the corner of the cage's first cell in reading order (its top-left one),
      // over the outline, which a white edge round the figures breaks.
      var p = corner(d, Math.min.apply(null, cage[0]));
      el('text', { x: p[0] + 2, y: p[1] + 1.5, 'font-size': C * 0.19, 'dominant-baseline': 'hanging', fill: '#222', stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke', 'class': 'cage-sum' }, g, cage[1]);
    });
  }

  // Where a clue outside the grid stands along one axis, given its row or column as
  // f-puzzles numbers them (0 before the grid, n + 1 after it) and where the grid starts on
  // that axis: the middle of the band's first place there, or of the row or column; and
  // half the width of its place.
  function outsideAt(d, k, origin) {
    if (k === 0) return [origin - BAND / 2, BAND / 2];
    if (k === d.n + 1) return [origin + d.n * C + BAND / 2, BAND / 2];
    return [origin + (k - 0.5) * C, C / 2];
  }

  // The clues outside the grid: little killers' sums with an arrow along their diagonal,
  // and the numbers beside rows and columns (sandwiches, X-sums, skyscrapers).
  function drawOutside(d, g) {
    var m = d.marks;
    // Why clues that share a place stand one behind the other, away from the grid: two
    // rules may both give a clue beside one row (a sandwich and an X-sum), and neither may
    // hide the other; the band is as deep as the most clues at one place (see `Puzzle`).
    var seen = {};
    m.outside.forEach(function (clue) {
      var key = clue[1] + ',' + clue[2], i = seen[key] = (seen[key] || 0) + 1;
      var x = outsideAt(d, clue[2], d.ox)[0], y = outsideAt(d, clue[1], d.oy)[0], away = (i - 1) * STACK;
      if (clue[1] === 0) y -= away; else if (clue[1] === d.n + 1) y += away;
      else if (clue[2] === 0) x -= away; else x += away;
      el('text', { x: x, y: y, 'font-size': C * 0.34, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: OUTSIDE_COLOR[clue[0]], 'class': 'outside ' + clue[0] }, g, clue[3]);
    });
    m.lk.forEach(function (k) {
      var px = outsideAt(d, k[1], d.ox), py = outsideAt(d, k[0], d.oy), dr = k[2], dc = k[3];
      // The arrow points from the place's corner nearest the diagonal; the sum keeps clear of it.
      var tip = [px[0] + dc * (px[1] - 2), py[0] + dr * (py[1] - 2)], h = C * 0.24;
      var tail = [tip[0] - dc * h, tip[1] - dr * h];
      el('line', { x1: tail[0], y1: tail[1], x2: tip[0], y2: tip[1], stroke: '#333', 'stroke-width': 1.6, 'class': 'lk-arrow' }, g);
      // Its head: the tip and a point straight back from it across and down (a right angle
      // at the tip, so the head points along the diagonal).
      var w = C * 0.12;
      el('polygon', { points: pointList([tip, [tip[0] - dc * w, tip[1]], [tip[0], tip[1] - dr * w]]), fill: '#333', 'class': 'lk-head' }, g);
      el('text', { x: px[0] - dc * C * 0.06, y: py[0] - dr * C * 0.06, 'font-size': C * 0.3, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#222', 'class': 'lk-sum' }, g, k[4]);
    });
  }

  function drawGrid(d, g) {
    var n = d.n, ox = d.ox, oy = d.oy;
    for (var i = 1; i < n; i++) {
      el('line', { x1: ox + i * C, y1: oy, x2: ox + i * C, y2: oy + n * C, stroke: '#aaa', 'stroke-width': 1 }, g);
      el('line', { x1: ox, y1: oy + i * C, x2: ox + n * C, y2: oy + i * C, stroke: '#aaa', 'stroke-width': 1 }, g);
    }
    // The regions' borders: wherever two neighbouring cells lie in different boxes.
    var path = '';
    for (var c = 0; c < n * n; c++) {
      var p = corner(d, c), col = c % n, row = Math.floor(c / n);
      if (col + 1 < n && d.reg[c] !== d.reg[c + 1]) path += 'M' + (p[0] + C) + ' ' + p[1] + 'v' + C;
      if (row + 1 < n && d.reg[c] !== d.reg[c + n]) path += 'M' + p[0] + ' ' + (p[1] + C) + 'h' + C;
    }
    el('path', { d: path, stroke: '#222', 'stroke-width': 3, 'stroke-linecap': 'square', fill: 'none', 'class': 'regions' }, g);
    el('rect', { x: ox, y: oy, width: n * C, height: n * C, fill: 'none', stroke: '#222', 'stroke-width': 3.5 }, g);
  }

  function drawLabels(d, g) {
    for (var i = 0; i < d.n; i++) {
      el('text', { x: d.ox + (i + 0.5) * C, y: M / 2, 'font-size': 12, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#777' }, g, 'c' + (i + 1));
      el('text', { x: M / 2, y: d.oy + (i + 0.5) * C, 'font-size': 12, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#777' }, g, 'r' + (i + 1));
    }
  }

  function drawDigits(d, g, cells, givens) {
    cells.forEach(function (code, c) {
      if (code >= 0) return;
      var p = centre(d, c), given = givens[c] !== 0;
      el('text', { x: p[0], y: p[1] + C * 0.03, 'font-size': C * 0.62, 'font-weight': given ? 600 : 400, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: given ? '#111' : '#1c5fb8', 'class': given ? 'given' : 'solved', 'data-cell': cellName(d, c) }, g, d.dc[-code - 1]);
    });
  }

  // A link between two chain nodes: curved, solid for strong, dashed for weak, with an arrow
  // for an implication.
  function drawLink(g, a, b, kind, color, r) {
    var dx = b[0] - a[0], dy = b[1] - a[1], len = Math.sqrt(dx * dx + dy * dy);
    if (len < 1) return;
    var ux = dx / len, uy = dy / len, bend = Math.min(len * 0.18, C * 0.6);
    var s = [a[0] + ux * r, a[1] + uy * r], e = [b[0] - ux * r, b[1] - uy * r];
    var q = [(s[0] + e[0]) / 2 - uy * bend, (s[1] + e[1]) / 2 + ux * bend];
    var attrs = { d: 'M' + s.join(' ') + 'Q' + q.join(' ') + ' ' + e.join(' '), fill: 'none', stroke: color, 'stroke-width': kind === 's' ? 2.6 : 2, 'class': 'link ' + { s: 'strong', w: 'weak', i: 'implies' }[kind] };
    if (kind === 'w') attrs['stroke-dasharray'] = '6 4';
    el('path', attrs, g);
    if (kind === 'i') {
      var tx = e[0] - q[0], ty = e[1] - q[1], tl = Math.sqrt(tx * tx + ty * ty) || 1, h = 8;
      tx /= tl; ty /= tl;
      var pts = [e, [e[0] - tx * h - ty * h * 0.5, e[1] - ty * h + tx * h * 0.5], [e[0] - tx * h + ty * h * 0.5, e[1] - ty * h - tx * h * 0.5]];
      el('polygon', { points: pts.map(function (p) { return p.join(','); }).join(' '), fill: color }, g);
    }
  }

  function badge(g, x, y, text, fill, cls, r) {
    el('circle', { cx: x, cy: y, r: r, fill: fill, stroke: '#fff', 'stroke-width': 1, 'class': cls }, g);
    el('text', { x: x, y: y + 0.5, 'font-size': r * 1.45, 'font-weight': 700, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#fff' }, g, text);
  }

  // One board: `cells` the grid (see cell codes in html.rs), `step` the step about to be
  // taken on it (or null); returns what the legend should list.
  function drawBoard(svg, d, cells, step) {
    var n = d.n;
    svg.setAttribute('viewBox', '0 0 ' + (d.ox + n * C + d.band.right + 4) + ' ' + (d.oy + n * C + d.band.bottom + 4));
    svg.setAttribute('data-size', n);
    var layers = {};
    ['back', 'high', 'grid', 'lines', 'marks', 'cands', 'chains', 'labels'].forEach(function (name) { layers[name] = el('g', { 'class': name }, svg); });
    el('rect', { x: d.ox, y: d.oy, width: n * C, height: n * C, fill: '#fff' }, layers.back);
    drawMarks(d, layers.back, layers.marks);
    drawLines(d, layers.lines);
    drawOutside(d, layers.labels);
    var used = {};
    if (step) {
      var h = layers.high;
      step.base.forEach(function (cs) { fillCells(d, h, cs, '#e7f1ff', 'hl-base'); });
      step.cover.forEach(function (cs) { fillCells(d, h, cs, '#fff0e0', 'hl-cover'); });
      step.sets.forEach(function (s, k) { fillCells(d, h, s[0], SET_CELL[k % SET_CELL.length], 'hl-set'); });
      fillCells(d, h, step.cells, '#fff3bf', 'hl-pattern');
      fillCells(d, h, step.fins, '#f3d9fa', 'hl-fin');
      fillCells(d, h, step.pl.map(function (p) { return p[0]; }), '#d3f9d8', 'hl-placed');
      // Why: a highlight covers the grey of a diagonal or window; a light grey veil over
      // the highlighted cells of those houses keeps the house visible through it.
      var lit = {};
      Array.prototype.forEach.call(h.childNodes, function (r) { lit[r.getAttribute('data-cell')] = true; });
      d.shade.forEach(function (house) {
        fillCells(d, h, house.filter(function (c) { return lit[cellName(d, c)]; }), 'rgba(0, 0, 0, 0.09)', 'extra-over');
      });
      h.setAttribute('opacity', 0.9);
      if (step.base.length) used.base = true;
      if (step.cover.length) used.cover = true;
      if (step.breaks && step.fins.length) used.breaks = true;
    }
    drawGrid(d, layers.grid);
    drawDigits(d, layers.cands, cells, d.givens);
    var roles = {};
    if (step) step.r.forEach(function (x) { roles[x[0] * 32 + x[1]] = x[2]; });
    var s = shape(n), fs = Math.min(C / s[0], C / s[1]) * 0.72, r = candRadius(d);
    cells.forEach(function (code, c) {
      if (code < 0) return;
      for (var digit = 1; digit <= n; digit++) {
        if (!(code & (1 << (digit - 1)))) continue;
        var p = candAt(d, c, digit), role = roles[c * 32 + digit], fill = null, color = '#555', weight = 400;
        if (role) {
          used[role] = true;
          if (role >= 20) { fill = SET_FILL[(role - 20) % SET_FILL.length]; color = '#222'; weight = 700; }
          else if (role >= 10) { fill = COLORS[(role - 10) % COLORS.length]; color = '#111'; weight = 700; }
          else { fill = ROLE_FILL[role]; color = role === 1 ? '#fff' : role === 2 ? '#c92a2a' : '#111'; weight = 700; }
        }
        if (fill) el('circle', { cx: p[0], cy: p[1], r: r, fill: fill, 'class': 'mark role' + role }, layers.cands);
        var cls = 'cand' + (role === 1 ? ' placed' : role === 2 ? ' removed' : role ? ' hl' : '');
        el('text', { x: p[0], y: p[1] + fs * 0.04, 'font-size': fs, 'font-weight': weight, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: color, 'class': cls, 'data-cell': cellName(d, c), 'data-digit': digit }, layers.cands, d.dc[digit - 1]);
        if (role === 2) el('line', { x1: p[0] - r * 0.85, y1: p[1] + r * 0.85, x2: p[0] + r * 0.85, y2: p[1] - r * 0.85, stroke: '#e03131', 'stroke-width': 3.2, 'stroke-linecap': 'round', 'class': 'strike' }, layers.cands);
      }
    });
    if (step) {
      var g = layers.chains, nodeR = r * 1.05;
      // Why: nodes of several chains (a forcing net's branches) or of one loop can be the
      // same candidate; a number already there is not drawn again, and another number
      // takes the candidate's next free corner rather than covering the first.
      var badges = {};
      var numberAt = function (c, digit, text, color) {
        var key = c * 32 + digit, here = badges[key] || (badges[key] = []);
        if (here.indexOf(text) >= 0) return;
        var corners = [[1, -1], [-1, -1], [1, 1], [-1, 1]], k = here.length % corners.length, p = candAt(d, c, digit);
        here.push(text);
        badge(g, p[0] + corners[k][0] * r * 0.95, p[1] + corners[k][1] * r * 0.95, text, color, 'node-number', Math.max(r * 0.55, 6));
      };
      step.chains.forEach(function (chain, ci) {
        var color = CHAIN[ci % CHAIN.length];
        var pos = chain.nodes.map(function (node) {
          var x = 0, y = 0;
          node[0].forEach(function (c) { var p = candAt(d, c, node[1]); x += p[0]; y += p[1]; });
          return [x / node[0].length, y / node[0].length];
        });
        for (var i = 0; i < chain.links.length; i++) {
          var j = (i + 1) % pos.length;
          drawLink(g, pos[i], pos[j], chain.links[i], color, nodeR);
          used['link' + chain.links[i]] = true;
        }
        chain.nodes.forEach(function (node, i) {
          node[0].forEach(function (c) {
            var p = candAt(d, c, node[1]);
            el('circle', { cx: p[0], cy: p[1], r: nodeR, fill: 'none', stroke: color, 'stroke-width': 1.6, 'class': 'node', 'data-cell': cellName(d, c) }, g);
          });
          numberAt(node[0][0], node[1], String(i + 1), color);
        });
      });
      step.sets.forEach(function (set, k) {
        set[0].forEach(function (c) {
          var p = corner(d, c);
          badge(g, p[0] + 8, p[1] + C - 8, LETTERS[k % 26], '#495057', 'set-letter', 7.5);
        });
      });
    }
    drawLabels(d, layers.labels);
    return used;
  }

  function legend(box, used, step, d) {
    var items = [];
    function swatch(fill, label, sq) { items.push('<span><i class="' + (sq ? 'sq' : '') + '" style="background:' + fill + '"></i>' + label + '</span>'); }
    [1, 2, 6, 3, 4, 5].forEach(function (role) { if (used[role]) swatch(ROLE_FILL[role], ROLE_NAME[role]); });
    for (var k = 0; k < 10; k++) if (used[10 + k]) swatch(COLORS[k], 'colour ' + LETTERS[k]);
    if (step) step.sets.forEach(function (set, k) { swatch(SET_FILL[k % SET_FILL.length], 'set ' + LETTERS[k % 26] + ' (' + set[1].map(function (x) { return d.dc[x - 1]; }).join('') + ')'); });
    if (used.base) swatch('#e7f1ff', 'base houses', true);
    if (used.cover) swatch('#fff0e0', 'cover houses', true);
    if (used.breaks) swatch('#f3d9fa', 'where it breaks', true);
    if (used.links) items.push('<span>&#x2501; strong link</span>');
    if (used.linkw) items.push('<span>&#x2504; weak link</span>');
    if (used.linki) items.push('<span>&#x2192; implies</span>');
    box.innerHTML = items.join('');
  }

  function Puzzle(section) {
    this.section = section;
    this.data = JSON.parse(section.querySelector('script.data').textContent);
    this.items = section.querySelectorAll('li.step');
    this.counter = section.querySelector('.counter');
    this.current = -1;
    var d = this.data, self = this, m = d.marks;
    // The bands outside the grid, each side as deep as the most clues at one place on it.
    // Why a band only where there are clues: other boards keep the size they always had.
    d.band = { top: 0, right: 0, bottom: 0, left: 0 };
    var count = {};
    function reach(row, col, depth) {
      var sides = [[row === 0, 'top'], [row === d.n + 1, 'bottom'], [col === 0, 'left'], [col === d.n + 1, 'right']];
      sides.forEach(function (s) { if (s[0]) d.band[s[1]] = Math.max(d.band[s[1]], BAND + (depth - 1) * STACK); });
    }
    m.lk.forEach(function (k) { reach(k[0], k[1], 1); });
    m.outside.forEach(function (clue) { var key = clue[1] + ',' + clue[2]; reach(clue[1], clue[2], count[key] = (count[key] || 0) + 1); });
    d.ox = M + d.band.left;
    d.oy = M + d.band.top;
    d.sumCells = {};
    m.cage.forEach(function (cage) { if (cage[1] !== null) d.sumCells[Math.min.apply(null, cage[0])] = true; });
    var start = d.givens.map(function (g) { return g ? -g : 0; });
    drawBoard(section.querySelector('svg.start-board'), d, start, null);
    var sol = section.querySelector('svg.solution-board');
    if (sol && d.solution) drawBoard(sol, d, d.solution.map(function (x) { return -x; }), null);
    if (d.n >= 12) Array.prototype.forEach.call(this.items, function (li) { li.classList.add('big'); });
    section.querySelectorAll('nav.controls button').forEach(function (b) {
      b.addEventListener('click', function () { active = self; self.go(b.getAttribute('data-go')); });
    });
    section.addEventListener('click', function () { active = self; });
  }
  Puzzle.prototype.show = function (k) {
    var count = this.items.length;
    if (!count) return;
    k = Math.max(0, Math.min(count - 1, k));
    if (this.current >= 0) this.items[this.current].classList.remove('current');
    this.current = k;
    var li = this.items[k];
    li.classList.add('current');
    this.draw(k);
    this.counter.textContent = 'Step ' + (k + 1) + ' of ' + count;
    var buttons = this.section.querySelectorAll('nav.controls button');
    buttons.forEach(function (b) {
      var go = b.getAttribute('data-go');
      b.disabled = (go === 'first' || go === 'prev') ? k === 0 : k === count - 1;
    });
  };
  Puzzle.prototype.draw = function (k) {
    var svg = this.items[k].querySelector('svg.board');
    if (svg.firstChild) return;
    var d = this.data, step = d.steps[k];
    var used = drawBoard(svg, d, state(d, k), step);
    legend(this.items[k].querySelector('.legend'), used, step, d);
    svg.setAttribute('data-drawn', 'true');
  };
  Puzzle.prototype.go = function (where) {
    var k = { first: 0, prev: this.current - 1, next: this.current + 1, last: this.items.length - 1 }[where];
    this.show(k);
    if (this.items.length && history.replaceState) history.replaceState(null, '', '#' + this.items[this.current].id);
  };

  var puzzles = [], active = null;
  document.querySelectorAll('section.puzzle').forEach(function (s) { puzzles.push(new Puzzle(s)); });

  // Opens the step the address names (`#p1-s12`); scrolls to it when a link was followed
  // (not on load, where the page opens at its top with the step chosen).
  function fromHash(scroll) {
    var m = /^#p(\d+)-s(\d+)$/.exec(location.hash);
    if (!m) return false;
    var p = puzzles[Number(m[1]) - 1];
    if (!p) return false;
    p.show(Number(m[2]) - 1);
    active = p;
    if (scroll) p.section.querySelector('nav.controls').scrollIntoView();
    return true;
  }
  puzzles.forEach(function (p) { p.show(0); });
  fromHash(false);
  window.addEventListener('hashchange', function () { fromHash(true); });

  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    var where = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (!where) return;
    var p = active;
    if (!p || p.section.getBoundingClientRect().bottom < 0 || p.section.getBoundingClientRect().top > window.innerHeight) {
      p = puzzles.filter(function (q) { return q.section.getBoundingClientRect().bottom > 80; })[0] || puzzles[0];
    }
    if (!p || !p.items.length) return;
    e.preventDefault();
    active = p;
    p.go(where);
  });
})();
