// The recorder without a network. Every page registers the site's service worker (/sw.js), which
// keeps the pages a member opened. On a deal's page, a card, a bet or a claim tapped while the
// phone is offline (or while earlier taps still wait) is checked here as far as the phone can
// (a card's syntax in either notation, a card dealt twice, too many cards, whose turn it is, the
// stakes) with the site's own words, kept in IndexedDB with an idempotency key, and sent in order
// through the API when the network is back. What needs the rules engine is judged on the site.
// A tap the site already took (same key) is not taken twice; a sync that fails halfway starts
// again from the first tap the site did not acknowledge; a dealing recorded meanwhile by another
// phone stops the sync at the first card that differs and shows both versions. A tap the site
// took is the site's from then on in what the phone keeps of its deal (the saved cards, the deal's
// page kept for offline use), whatever page sent it: the phone's own cards are never shown as
// another phone's.
(function () {
  "use strict";

  var DB_NAME = "club-offline";
  var STORE = "taps";
  var SNAPSHOT = "club-deal-";        // localStorage: the cards the site had, per deal
  var PAGES = "club-pages";           // the worker's cache of the pages a member opened
  var RETRY_MS = 4000;

  // --- the queue (IndexedDB) ---------------------------------------------------------------------

  var dbPromise = null;

  function db() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE, {keyPath: "id", autoIncrement: true});
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return dbPromise;
  }

  function store(mode, work) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction(STORE, mode);
        var answer = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(answer && "result" in answer ? answer.result : undefined); };
        tx.onerror = function () { reject(tx.error); };
        tx.onabort = function () { reject(tx.error); };
      });
    });
  }

  // Every waiting tap, oldest first (the store's keys grow with each tap).
  function allTaps() {
    return store("readonly", function (s) { return s.getAll(); }).then(function (rows) {
      return (rows || []).filter(function (t) { return t.by === words.me; });
    });
  }

  function addTap(tap) {
    return store("readwrite", function (s) { return s.add(tap); });
  }

  function removeTaps(ids) {
    return store("readwrite", function (s) { ids.forEach(function (id) { s.delete(id); }); });
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) {
      return crypto.randomUUID();
    }
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  // --- words -------------------------------------------------------------------------------------

  function json(id) {
    var el = document.getElementById(id);
    if (!el) { return null; }
    try { return JSON.parse(el.textContent); } catch (e) { return null; }
  }

  var words = json("offline-words") || {};

  function fill(text, values) {
    return String(text || "").replace(/%\((\w+)\)s/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  }

  function plural(forms, n) {
    var lang = document.documentElement.lang || "en";
    var category = "other";
    try { category = new Intl.PluralRules(lang).select(n); } catch (e) { category = n === 1 ? "one" : "other"; }
    return fill((forms || {})[category] || (forms || {}).other || "", {n: n});
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === "text") { node.textContent = attrs[name]; } else { node.setAttribute(name, attrs[name]); }
    });
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  // --- cards, as rules/engines/cards.py reads and the site draws them ---------------------------

  var EN_RANK = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q",
                 13: "K", 14: "A"};
  var RU_RANK = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "В", 12: "Д",
                 13: "К", 14: "Т"};
  var RANK_TOKENS = {T: 10};
  Object.keys(EN_RANK).forEach(function (r) { RANK_TOKENS[EN_RANK[r].toUpperCase()] = Number(r); });
  Object.keys(RU_RANK).forEach(function (r) { RANK_TOKENS[RU_RANK[r].toUpperCase()] = Number(r); });
  var SUIT_TOKENS = {H: "h", D: "d", C: "c", S: "s", "Ч": "h", "Б": "d", "Т": "c", "К": "c", "П": "s",
                     "♥": "h", "♦": "d", "♣": "c", "♠": "s", "♡": "h", "♢": "d", "♧": "c", "♤": "s"};
  var SUIT_SYMBOLS = {h: "♥", d: "♦", c: "♣", s: "♠"};
  var JOKERS = ["JO", "JOKER", "ДЖ", "ДЖОКЕР"];
  var SUITS = ["h", "d", "c", "s"];

  // A refused value as the site's messages echo it (club.validators.shown): at most 40 characters.
  function shown(value) {
    var text = String(value);
    return text.length > 40 ? text.slice(0, 40) + "…" : text;
  }

  // "Ah" for a card, "joker" for a joker, null for anything else.
  function parseCard(token) {
    var text = token.trim().replace(/[\ufe0e\ufe0f]/g, "");
    var upper = text.toUpperCase();
    if (JOKERS.indexOf(upper) >= 0) { return "joker"; }
    if (text.length >= 2) {
      var rank = RANK_TOKENS[upper.slice(0, -1)];
      var suit = SUIT_TOKENS[upper.slice(-1)];
      if (rank && suit) { return EN_RANK[rank] + suit; }
    }
    return null;
  }

  function cardNode(token, extra) {
    if (!token) {
      return el("span", {"class": "card back" + (extra ? " " + extra : ""), "aria-hidden": "true", text: "🂠"});
    }
    var suit = token.slice(-1);
    var rank = token.slice(0, -1);
    var ranks = (state && state.lang === "ru") ? RU_RANK : EN_RANK;
    var number = Object.keys(EN_RANK).filter(function (r) { return EN_RANK[r] === rank; })[0];
    var classes = ["card", suit === "h" || suit === "d" ? "red" : "black"];
    if (extra) { classes.push(extra); }
    return el("span", {"class": classes.join(" "), title: token,
                       text: (number ? ranks[number] : rank) + (SUIT_SYMBOLS[suit] || suit)});
  }

  // --- the deal on this page -----------------------------------------------------------------------

  var state = null;            // the site's deal as the page (or the last snapshot) has it
  var pending = [];            // this deal's waiting taps
  var cardError = "";
  var conflict = null;         // {tap, theirs, mine}
  var refusal = null;          // {tap, message}
  var oldPage = false;
  var sentSomething = false;

  // --- what this phone knows of each deal (localStorage) --------------------------------------------
  //
  // Per deal, the site's facts as this phone last heard them: from a page drawn by the site (its
  // "at" is the site's clock when it was drawn), then from every tap of that deal the site
  // acknowledged since, on whatever page the sync ran. A page drawn from the worker's cache may be
  // older than that; the phone's own acknowledged taps must never look like another phone's.

  function loadSnapshot(deal) {
    try {
      var kept = JSON.parse(localStorage.getItem(SNAPSHOT + deal) || "null");
      return kept && kept.deal === deal && Array.isArray(kept.dealt) ? kept : null;
    } catch (e) {
      return null;
    }
  }

  var signingOut = false;       // once the member signs out, this page keeps nothing more

  function storeSnapshot(snapshot) {
    if (signingOut) { return; }
    try { localStorage.setItem(SNAPSHOT + snapshot.deal, JSON.stringify(snapshot)); } catch (e) { /* full: none */ }
  }

  function forgetSnapshots() {
    try {
      for (var i = localStorage.length - 1; i >= 0; i--) {
        var name = localStorage.key(i);
        if (name && name.indexOf(SNAPSHOT) === 0) { localStorage.removeItem(name); }
      }
    } catch (e) { /* no storage: nothing kept */ }
  }

  // The facts that change while a deal is recorded; the words come from the page in hand.
  var FACTS = ["dealt", "raises", "order", "total", "decks", "players", "at"];

  // A deal's page in hand (``page``: its address), against what the phone knew: the newer counts,
  // and is kept. Answers the deal as the phone now knows it, in the page's words.
  function absorbPage(fresh, page) {
    fresh.page = page;
    fresh.me = words.me;      // whose phone this is: the page's words say, the deal's data does not
    var kept = loadSnapshot(fresh.deal);
    if (kept && kept.me === fresh.me && (kept.at || 0) >= (fresh.at || 0)) {
      FACTS.forEach(function (name) { if (name in kept) { fresh[name] = kept[name]; } });
    }
    storeSnapshot(fresh);
    return fresh;
  }

  function readState() {
    var fresh = json("offline-deal");
    return fresh ? absorbPage(fresh, window.location.pathname + window.location.search) : null;
  }

  // ``change`` brought into what the phone keeps of ``deal`` and, on that deal's page, into the
  // deal drawn here. The kept one may be newer than this page's (a fresher copy fetched since).
  function updateDeal(deal, change) {
    var here = state && state.deal === deal;
    var kept = loadSnapshot(deal) || (here ? JSON.parse(JSON.stringify(state)) : null);
    if (kept) {
      change(kept);
      storeSnapshot(kept);
    }
    if (here) { change(state); }
    return kept;
  }

  // A tap the site took, brought into what the phone knows of its deal.
  function absorb(snapshot, tap, data) {
    if (tap.kind === "card") {
      var seq = typeof data.seq === "number" ? data.seq : tap.seq;
      var players = snapshot.order.length;
      // The site took it as card seq + 1: it had exactly seq cards before it.
      var dealt = snapshot.dealt.filter(function (c) { return c.seq < seq; });
      for (var s = dealt.length; s < seq; s++) {       // cards this phone never saw: their backs
        dealt.push({seq: s, card: null, member: snapshot.order[s % players], open: false});
      }
      dealt.push({seq: seq, card: data.card || tap.card,
                  member: data.member !== undefined ? data.member : snapshot.order[seq % players], open: data.open});
      snapshot.dealt = dealt;
    } else if (tap.kind === "bet") {
      snapshot.raises = snapshot.raises || {};
      snapshot.raises[String(tap.member)] = (snapshot.raises[String(tap.member)] || 0) + tap.amount;
    }
  }

  function pendingCards() {
    return pending.filter(function (t) { return t.kind === "card"; });
  }

  // Every card down as this phone knows it: the site's, then the waiting ones.
  function cardsDown() {
    var site = state.dealt.map(function (c) { return {seq: c.seq, card: c.card, member: c.member, waiting: false}; });
    var n = site.length;
    pendingCards().forEach(function (t, i) {
      site.push({seq: n + i, card: t.card, member: state.order[(n + i) % state.order.length], waiting: true});
    });
    return site;
  }

  function dealtCount(card, down) {
    return down.filter(function (c) { return c.card === card; }).length;
  }

  // The site's refusals the phone can give by itself (games.engine.rules_message), in its order:
  // the deal complete, not a card, a joker, a card dealt more often than the decks hold.
  function checkCard(token) {
    var m = state.messages;
    var typed = String(token || "").trim();
    if (!typed) { return {error: m.empty}; }
    var down = cardsDown();
    if (down.length >= state.total) { return {error: fill(m.deal_complete, {value: shown(typed)})}; }
    var card = parseCard(typed);
    if (card === null) { return {error: fill(m.not_a_card, {value: shown(typed)})}; }
    if (card === "joker") { return {error: fill(m.joker, {value: shown(typed)})}; }
    if (dealtCount(card, down) >= state.decks) { return {error: fill(m.dealt_twice, {value: card})}; }
    return {card: card, typed: typed, seq: down.length};
  }

  function checkBet(member, amount) {
    var m = state.messages;
    var raised = (state.raises[String(member)] || 0) + pending.filter(function (t) {
      return t.kind === "bet" && t.member === member;
    }).reduce(function (sum, t) { return sum + t.amount; }, 0);
    if (!/^\d+$/.test(String(amount)) || Number(amount) < 1 || Number(amount) > state.max_stake) {
      return fill(m.bet_range, {amount: shown(amount), max: state.max_stake});
    }
    amount = Number(amount);
    if (raised + amount < state.min_stake) { return fill(m.bet_min, {amount: amount, min: state.min_stake}); }
    if (raised + amount > state.max_stake) {
      return fill(m.bet_max, {amount: amount, name: state.names[String(member)] || "", total: raised + amount,
                              max: state.max_stake});
    }
    return "";
  }

  function checkRule(rule) {
    var m = state.messages;
    rule = String(rule || "").trim().toUpperCase().replace(/ /g, "");
    if (rule.charAt(0) === "М") { rule = "M" + rule.slice(1); }
    if (!rule) { return m.rule_empty; }
    if (rule === "B1") { return ""; }
    if (!/^M\d+$/.test(rule)) { return fill(m.rule_unknown, {rule: shown(rule)}); }
    var number = Number(rule.slice(1));
    if (number < 1 || number > 100) { return fill(m.rule_number, {number: shown(rule.slice(1))}); }
    return "";       // whether the modifier takes claims in this game, the site judges
  }

  // --- drawing the recorder while taps wait ------------------------------------------------------

  function drawRecorder() {
    var recorder = document.getElementById("recorder");
    if (!recorder || !state) { return; }
    var down = cardsDown();
    var players = state.order.length;
    var keep = document.getElementById("offline-deal");
    recorder.textContent = "";
    if (keep) { recorder.appendChild(keep); }
    recorder.setAttribute("data-offline", "true");
    recorder.appendChild(el("p", {"class": "message offline-note", id: "offline-note",
                                  text: navigator.onLine ? words.judged_held : words.judged_later}));
    if (cardError) {
      recorder.appendChild(el("p", {"class": "message error", role: "alert", id: "card-error", text: cardError}));
    }
    var next = down.length < state.total ? state.order[down.length % players] : null;
    var list = el("div", {"class": "deal-players"});
    (state.players || state.order).forEach(function (member) {
      var hand = el("div", {"class": "hand-cards"});
      var mine = down.filter(function (c) { return c.member === member; });
      mine.forEach(function (c) {
        var node = cardNode(c.card, c.waiting ? "waiting" : "");
        if (c.waiting) { node.setAttribute("title", c.card + " · " + words.waiting); }
        hand.appendChild(node);
      });
      if (!mine.length) { hand.appendChild(el("small", {text: words.no_cards})); }
      var article = el("article", {"class": "deal-player", "data-member": String(member)}, [
        el("header", {}, [el("strong", {text: (state.seats[String(member)] || "") + " · " +
                                              (state.names[String(member)] || "")})]), hand]);
      if (member === next) { article.setAttribute("aria-current", "true"); }
      list.appendChild(article);
    });
    recorder.appendChild(list);
    if (next !== null) {
      recorder.appendChild(el("p", {id: "next-circle"}, [
        el("strong", {text: fill(words.circle, {n: Math.floor(down.length / players) + 1})}),
        " · " + fill(words.next_to, {name: state.names[String(next)] || ""})]));
      var typed = el("form", {"class": "card-typed", "data-offline-card": "typed"}, [
        el("fieldset", {role: "group"}, [
          el("input", {name: "card", id: "card-input", placeholder: words.card_placeholder, autocomplete: "off",
                       "aria-label": words.card}),
          el("button", {type: "submit", text: words.deal})])]);
      recorder.appendChild(typed);
      var picker = el("form", {"class": "card-picker", "aria-label": words.picker, "data-offline-card": "picker"});
      SUITS.forEach(function (suit) {
        for (var rank = 2; rank <= 14; rank++) {
          var token = EN_RANK[rank] + suit;
          var button = el("button", {type: "submit", name: "card", value: token, "data-card": token,
                                     "class": "pick card " + (suit === "h" || suit === "d" ? "red" : "black"),
                                     text: ((state.lang === "ru" ? RU_RANK : EN_RANK)[rank]) + SUIT_SYMBOLS[suit]});
          if (dealtCount(token, down) >= state.decks) { button.disabled = true; }
          picker.appendChild(button);
        }
      });
      recorder.appendChild(picker);
    } else {
      recorder.appendChild(el("p", {id: "deal-complete-offline", text: words.complete_later}));
    }
    if (pendingCards().length) {
      recorder.appendChild(el("form", {"data-offline-card": "undo"}, [
        el("button", {type: "submit", "class": "outline secondary", id: "offline-undo", text: words.undo})]));
    }
    drawProblems(recorder);
  }

  function describe(tap) {
    if (tap.kind === "card") { return cardNode(tap.card); }
    if (tap.kind === "bet") { return document.createTextNode(fill(words.bet, {amount: tap.amount})); }
    return document.createTextNode(fill(words.claim, {rule: tap.rule}));
  }

  function drawProblems(recorder) {
    var old = document.getElementById("sync-problem");
    if (old) { old.remove(); }
    var box = null;
    if (oldPage) {
      box = el("section", {id: "sync-problem", "class": "message error", role: "alert"}, [
        el("p", {text: words.old_page}),
        el("button", {type: "button", id: "sync-reload", text: words.reload})]);
    } else if (conflict) {
      var theirs = el("ul", {id: "conflict-theirs"});
      conflict.theirs.forEach(function (c) {
        theirs.appendChild(el("li", {}, [cardNode(c.card), " " + (c.member_name || state.names[String(c.member)] || "")]));
      });
      if (conflict.dealt < conflict.tap.seq) {   // the site has fewer cards: some were taken back
        theirs.appendChild(el("li", {id: "conflict-taken-back",
                                     text: fill(words.taken_back, {from: conflict.dealt + 1, to: conflict.tap.seq})}));
      }
      var mine = el("ul", {id: "conflict-mine"});
      conflict.mine.forEach(function (t) {
        var who = t.kind === "card" ? state.names[String(state.order[t.seq % state.order.length])] || "" : "";
        mine.appendChild(el("li", {}, [describe(t), who ? " " + who : ""]));
      });
      box = el("section", {id: "sync-problem", "class": "sync-conflict", role: "alert"}, [
        el("p", {text: fill(words.conflict, {seq: conflict.tap.seq + 1})}),
        el("div", {"class": "grid-2"}, [
          el("div", {}, [el("h3", {text: words.theirs}), theirs]),
          el("div", {}, [el("h3", {text: words.mine}), mine])]),
        el("div", {"class": "grid"}, [
          el("button", {type: "button", id: "keep-theirs", "class": "secondary", text: words.keep_theirs}),
          el("button", {type: "button", id: "keep-mine", text: words.keep_mine})])]);
    } else if (refusal) {
      box = el("section", {id: "sync-problem", "class": "message error", role: "alert"}, [
        el("p", {}, [describe(refusal.tap), " ", fill(words.refused, {message: refusal.message})]),
        el("button", {type: "button", id: "drop-tap", "class": "outline secondary", text: words.drop})]);
    }
    if (box) {
      var where = recorder || document.getElementById("recorder") || document.querySelector("main");
      where.insertBefore(box, where.firstChild);
    }
  }

  // The waiting bets and claims, shown under the deal's own.
  function drawWaitingRows() {
    document.querySelectorAll("li.waiting-tap").forEach(function (li) { li.remove(); });
    document.querySelectorAll("li.none-yet").forEach(function (li) { li.hidden = false; });
    pending.forEach(function (t) {
      if (t.kind === "card") { return; }
      var list = document.getElementById(t.kind === "bet" ? "bets" : "claims");
      if (!list) { return; }
      list.querySelectorAll("li.none-yet").forEach(function (li) { li.hidden = true; });  // "No claims."
      list.appendChild(el("li", {"class": "waiting-tap"}, [
        (state.names[String(t.member)] || "") + ": ", describe(t),
        " ", el("small", {"class": "badge provisional", text: words.waiting})]));
    });
  }

  function fieldError(form, name, message) {
    form.querySelectorAll(".offline-error").forEach(function (p) { p.remove(); });
    var input = form.querySelector('[name="' + name + '"]');
    if (input) { input.removeAttribute("aria-invalid"); }
    if (!message) { return; }
    var note = el("small", {"class": "offline-error error", role: "alert", text: message});
    if (input && input.parentNode) {
      input.setAttribute("aria-invalid", "true");
      input.parentNode.insertBefore(note, input.nextSibling);
    } else {
      form.insertBefore(note, form.firstChild);
    }
  }

  // --- recording a tap -----------------------------------------------------------------------------

  function offlineNow() {
    return !navigator.onLine || pending.length > 0 || conflict !== null || refusal !== null;
  }

  function enqueue(tap) {
    tap.deal = state.deal;
    tap.page = state.page;
    tap.by = words.me;
    tap.key = newKey();
    tap.at = Date.now();
    return addTap(tap).then(function (id) {
      tap.id = id;
      pending.push(tap);
      refreshIndicator();
      sync();
    });
  }

  function onCard(token) {
    var checked = checkCard(token);
    cardError = checked.error || "";
    if (checked.error) {
      drawRecorder();
      return Promise.resolve();
    }
    return enqueue({kind: "card", card: checked.card, typed: checked.typed, seq: checked.seq}).then(drawRecorder);
  }

  function onUndo() {
    var last = pending.filter(function (t) { return t.kind === "card"; }).pop();
    if (!last) { return Promise.resolve(); }
    return removeTaps([last.id]).then(function () {
      pending = pending.filter(function (t) { return t.id !== last.id; });
      cardError = "";
      drawRecorder();
      refreshIndicator();
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !state) { return; }
    var recorder = document.getElementById("recorder");
    var inRecorder = recorder && recorder.contains(form);
    var isCard = inRecorder && (form.dataset.offlineCard || /\/card\/$/.test(form.getAttribute("action") || ""));
    var isBet = form.id === "bet-form";
    var isClaim = form.id === "claim-form";
    if (!(isCard || isBet || isClaim) || !offlineNow()) { return; }
    event.preventDefault();
    event.stopPropagation();          // htmx must not send it
    if (isCard) {
      var undo = form.dataset.offlineCard === "undo" || form.querySelector('[name="undo"]');
      if (undo) { onUndo(); return; }
      var submitter = event.submitter;
      var token = submitter && submitter.name === "card" ? submitter.value
        : (form.querySelector('input[name="card"]') || {}).value;
      onCard(token || "");
      return;
    }
    var member = Number((form.querySelector('[name="member"]') || {}).value || state.me);
    if (isBet) {
      var amount = ((form.querySelector('[name="amount"]') || {}).value || "").trim();
      var problem = checkBet(member, amount);
      fieldError(form, "amount", problem);
      if (problem) { return; }
      enqueue({kind: "bet", member: member, amount: Number(amount)}).then(function () {
        form.reset();
        drawWaitingRows();
      });
      return;
    }
    var rule = ((form.querySelector('[name="rule"]') || {}).value || "").trim();
    var ruleProblem = checkRule(rule);
    fieldError(form, "rule", ruleProblem);
    if (ruleProblem) { return; }
    enqueue(claimTap(form, member, rule)).then(function () {
      form.reset();
      drawWaitingRows();
    });
  }, true);

  // A claim as its form says it: the fields the rule reads (the others are hidden and disabled).
  function claimTap(form, member, rule) {
    function value(name) {
      var input = form.querySelector('[name="' + name + '"]');
      return input && !input.disabled ? String(input.value || "").trim() : "";
    }
    var tap = {kind: "claim", member: member, rule: rule, card: value("card"), suit: value("suit")};
    ["target", "direction", "cancels"].forEach(function (name) {
      if (value(name)) { tap[name] = value(name); }
    });
    if (/^\d+$/.test(value("rank"))) { tap.rank = Number(value("rank")); }
    var cards = value("cards").split(/[\s,;]+/).filter(function (t) { return t; });
    if (cards.length) { tap.cards = cards; }
    return tap;
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof HTMLElement)) { return; }
    if (target.id === "sync-reload") { window.location.reload(); }
    if (target.id === "keep-theirs" || target.id === "keep-mine") { choose(target.id === "keep-mine" ? "mine" : "theirs"); }
    if (target.id === "drop-tap" && refusal) {
      var dropped = refusal.tap;
      removeTaps([dropped.id]).then(function () {
        pending = pending.filter(function (t) { return t.id !== dropped.id; });
        refusal = null;
        redraw();
        sync();
      });
    }
  });

  // While taps wait, the deal page's polling must not draw the site's panel over them.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (state && offlineNow()) { event.preventDefault(); }
  });

  // A tap sent online that never reached the site is kept like an offline one.
  document.addEventListener("htmx:sendError", function (event) {
    var config = event.detail && event.detail.requestConfig;
    if (!state || !config || config.verb !== "post" || !/\/card\/$/.test(config.path || "")) { return; }
    var params = config.parameters || {};
    var token = typeof params.get === "function" ? params.get("card") : params.card;
    if (token) { onCard(token); }
  });

  document.addEventListener("htmx:afterSwap", function () {
    if (!document.getElementById("offline-deal")) { return; }
    state = readState();
    if (state && offlineNow()) { drawRecorder(); }
  });

  // --- sending the waiting taps --------------------------------------------------------------------

  var syncing = false;

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) {
      return "";
    }
  }

  function apiVersion() {
    var meta = document.querySelector('meta[name="club-api-version"]');
    return meta ? meta.content : "0";
  }

  function post(url, body, key) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrfToken(),
                "Idempotency-Key": key, "X-Club-Client-Version": apiVersion()},
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return {status: response.status, data: data};
      });
    });
  }

  function apiFor(tap) {
    return "/api/deals/" + tap.deal + "/";
  }

  function send(tap) {
    if (tap.kind === "card") {
      return post(apiFor(tap) + "cards/", {card: tap.typed || tap.card, seq: tap.seq}, tap.key);
    }
    if (tap.kind === "bet") {
      return post(apiFor(tap) + "bets/", {member: tap.member, amount: tap.amount}, tap.key);
    }
    var body = {member: tap.member, rule: tap.rule};
    ["card", "suit", "target", "direction", "cancels", "rank", "cards"].forEach(function (name) {
      if (tap[name]) { body[name] = tap[name]; }
    });
    return post(apiFor(tap) + "claims/", body, tap.key);
  }

  var touched = {};             // deal -> its page, for the deals whose taps the site took in this sync

  // Whatever page is open, a tap the site took is the site's from now on, in what the phone keeps
  // of its deal: never again shown as waiting, nor taken for another phone's card.
  function acknowledged(tap, data) {
    var kept = updateDeal(tap.deal, function (deal) { absorb(deal, tap, data || {}); });
    if (state && tap.deal === state.deal) {
      pending = pending.filter(function (t) { return t.id !== tap.id; });
      sentSomething = true;
    }
    var page = tap.page || (kept && kept.page);
    if (page) { touched[tap.deal] = page; }
    return removeTaps([tap.id]);
  }

  // A page kept for offline use, fetched again: the worker's cache gets it as the site has it now
  // and, for a deal being recorded, what the phone keeps of the deal moves on with it.
  function keepPage(page) {
    if (!window.caches || !window.fetch || !navigator.onLine) { return Promise.resolve(); }
    var url = new URL(page, window.location.origin);
    return fetch(url.href, {credentials: "same-origin", cache: "no-cache"}).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (!response.ok || response.redirected || type.indexOf("text/html") !== 0 || signingOut) { return null; }
      var copy = response.clone();
      return caches.open(PAGES).then(function (cache) { return cache.put(url.href, copy); }).then(function () {
        return response.text();
      }).then(function (html) {
        var found = new DOMParser().parseFromString(html, "text/html").getElementById("offline-deal");
        if (found) { absorbPage(JSON.parse(found.textContent), url.pathname + url.search); }
      });
    }).catch(function () { /* the network went away: the kept copy and the saved cards stand */ });
  }

  function refreshKeptPages() {
    Object.keys(touched).forEach(function (deal) { keepPage(touched[deal]); });
    touched = {};
  }

  function sync() {
    if (syncing || !navigator.onLine || conflict || refusal || oldPage) { return Promise.resolve(); }
    syncing = true;
    refreshIndicator();
    function step() {
      return allTaps().then(function (taps) {
        if (!taps.length || !navigator.onLine) { return null; }
        var tap = taps[0];
        return send(tap).then(function (answer) {
          if (answer.status >= 200 && answer.status < 300) {
            return acknowledged(tap, answer.data).then(step);
          }
          var extra = (answer.data && answer.data.extra) || {};
          if (answer.status === 426) {
            oldPage = true;
            return null;
          }
          if (answer.status === 409 && extra.code === "seq" && tap.kind === "card") {
            return settleConflict(tap, taps, extra).then(function (again) { return again ? step() : null; });
          }
          if (answer.status >= 500 || answer.status === 429) { return null; }     // try again later
          if (state && tap.deal === state.deal) {
            refusal = {tap: tap, message: (answer.data && answer.data.message) || String(answer.status)};
          } else {
            // A tap of a deal not on this page: kept, and shown when its deal is opened.
            return null;
          }
          return null;
        }, function () { return null; });     // the network went away: the rest waits
      });
    }
    return step().then(finish, finish);
  }

  function finish() {
    syncing = false;
    refreshIndicator();
    if (!state) {
      refreshKeptPages();
      return;
    }
    return allTaps().then(function (taps) {
      pending = taps.filter(function (t) { return t.deal === state.deal; });
      if (!pending.length && sentSomething && !conflict && !refusal && !oldPage && navigator.onLine) {
        // Every tap of this deal is in: the site's own page shows it judged, as if recorded online
        // (and, loaded afresh, is kept so).
        delete touched[state.deal];
        refreshKeptPages();
        window.location.reload();
        return;
      }
      refreshKeptPages();
      redraw();
      if (taps.length) { window.setTimeout(sync, RETRY_MS); }
    });
  }

  // The site has other cards from the tap's place on. Cards identical to this phone's waiting
  // ones are this phone's own (a tap whose answer was lost): they count as sent. Otherwise both
  // versions are shown and the sync stops until a player chooses.
  function settleConflict(tap, taps, extra) {
    var theirs = extra.recorded || [];
    var mine = taps.filter(function (t) { return t.deal === tap.deal; });
    var mineCards = mine.filter(function (t) { return t.kind === "card"; });
    var same = 0;
    while (same < theirs.length && same < mineCards.length && theirs[same].card === mineCards[same].card &&
           mineCards[same].seq === theirs[same].seq) {
      same++;
    }
    if (same && extra.seq === tap.seq) {
      var done = mineCards.slice(0, same);
      return Promise.all(done.map(function (t, i) { return acknowledged(t, theirs[i]); })).then(function () {
        return true;
      });
    }
    if (!state || state.deal !== tap.deal) { return Promise.resolve(false); }
    conflict = {tap: tap, theirs: theirs, dealt: typeof extra.dealt === "number" ? extra.dealt : tap.seq,
                mine: mine.filter(function (t) { return t.kind !== "card" || t.seq >= tap.seq; })};
    return Promise.resolve(false);
  }

  function choose(kept) {
    if (!conflict) { return; }
    var tap = conflict.tap;
    var actions = conflict.mine.map(function (t) {
      var row = {kind: t.kind};
      ["card", "member", "amount", "rule", "suit", "seq"].forEach(function (name) {
        if (t[name] !== undefined && t[name] !== "") { row[name] = t[name]; }
      });
      if (t.kind === "card") { row.member = state.order[t.seq % state.order.length]; }
      return row;
    });
    post(apiFor(tap) + "set-aside/", {kept: kept, from_seq: tap.seq, actions: kept === "theirs" ? actions : []},
         "aside-" + tap.key).then(function (answer) {
      if (answer.status < 200 || answer.status >= 300) {
        refusal = {tap: tap, message: (answer.data && answer.data.message) || String(answer.status)};
        conflict = null;
        redraw();
        return;
      }
      conflict = null;
      if (kept === "theirs") {
        var ids = pending.map(function (t) { return t.id; });
        return removeTaps(ids).then(function () { window.location.reload(); });
      }
      // "mine": the site's cards from there on are set aside; this phone's are sent next.
      updateDeal(tap.deal, function (deal) {
        deal.dealt = deal.dealt.filter(function (c) { return c.seq < tap.seq; });
      });
      sentSomething = true;
      redraw();
      return sync();
    }, function () { redraw(); });
  }

  function redraw() {
    if (!state) {
      drawProblems(null);
      return;
    }
    if (offlineNow()) {
      drawRecorder();
      drawWaitingRows();
    }
  }

  // --- the indicator -----------------------------------------------------------------------------

  function refreshIndicator() {
    var box = document.getElementById("offline-status");
    if (!box) { return Promise.resolve(); }
    return allTaps().then(function (taps) {
      if (!navigator.onLine) {
        box.textContent = plural(words.offline, taps.length);
        box.hidden = false;
      } else if (taps.length) {
        box.textContent = plural(conflict || refusal || oldPage ? words.held : words.sending, taps.length);
        box.hidden = false;
      } else {
        box.hidden = true;
      }
      box.classList.toggle("is-offline", !navigator.onLine);
    }, function () { box.hidden = true; });
  }

  // --- start ---------------------------------------------------------------------------------------

  function registerWorker() {
    var meta = document.querySelector('meta[name="club-service-worker"]');
    if (!meta || !("serviceWorker" in navigator)) { return; }
    navigator.serviceWorker.register(meta.content, {scope: "/"}).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // This page was fetched before the worker took charge: it asks to be kept for offline use
      // (a deal being recorded fetches its copy itself, so that what the phone keeps of the deal
      // is never older than that copy).
      if (navigator.onLine && registration.active && !navigator.serviceWorker.controller) {
        if (state) { return keepPage(state.page); }
        registration.active.postMessage({keep: window.location.pathname + window.location.search});
      }
    }).catch(function () { /* no worker: the site works online as before */ });
  }

  // Leaving the club's account on a shared phone: its kept pages and what it knew of each deal go
  // with it (taps still waiting stay queued under their member's name, sent when he is back).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !/\/accounts\/logout\/$/.test(form.getAttribute("action") || "")) {
      return;
    }
    // An answer still on its way (a poll, a sync) must not write a deal back before the page goes.
    signingOut = true;
    forgetSnapshots();
    if (window.caches) { caches.delete(PAGES); }
  });

  function start() {
    if (!document.getElementById("offline-words")) { return; }      // not signed in: nothing to record
    state = readState();
    registerWorker();
    allTaps().then(function (taps) {
      if (state) {
        pending = taps.filter(function (t) { return t.deal === state.deal; });
        // The page may be older than the taps: any card it shows as waiting-free is the site's.
        redraw();
      }
      refreshIndicator();
      if (taps.length) { sync(); }
    }, function () { /* no IndexedDB: the site works online as before */ });
    window.addEventListener("online", function () { refreshIndicator(); sync(); });
    window.addEventListener("offline", function () { refreshIndicator(); redraw(); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
