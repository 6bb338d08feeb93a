// Finding Satoshi on a phone: this seat's hand, its role under a cover, and its choices.
// Everything shown comes from the server's messages (docs/PHONES.md); text goes in with
// textContent only, never as HTML. The phone sends back one action in the engine's text form.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const secret = location.pathname.split("/")[2] || "";
  let ws = null, hand = null, stack = [], retry = 800, finished = false, lastHello = 0;

  function deviceKey() {
    let key = "";
    try { key = localStorage.getItem("coinland-device") || ""; } catch (e) { key = ""; }
    if (!/^[0-9a-f]{32}$/.test(key)) {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      try { localStorage.setItem("coinland-device", key); } catch (e) { /* private mode: this tab only */ }
    }
    return key;
  }
  const device = deviceKey();

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function link(words, kind) {
    $("link").textContent = words;
    $("link").className = "link " + (kind || "");
  }

  function problem(text) {
    $("problem").textContent = text;
    $("problem").hidden = !text;
  }

  // --- the connection ---------------------------------------------------------------------
  function connect() {
    if (finished) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + "/ws/" + secret);
    link("Connecting…");
    ws.onopen = () => { retry = 800; lastHello = Date.now(); send({ type: "hello", device: device }); };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      receive(message);
    };
    ws.onclose = (event) => {
      if (finished) return;
      if (event.code === 1000 || event.code === 1001 || event.code === 4001 || event.code === 4002) {
        end(event.reason || "This seat is closed.");
        return;
      }
      link("Reconnecting…", "off");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  function end(words) {
    finished = true;
    link("Closed", "off");
    if (!hand || !hand.outcome) $("status").textContent = words;
    $("choices").hidden = true;
  }

  function receive(message) {
    if (message.type === "hand") { problem(""); link("Connected", "on"); show(message); }
    else if (message.type === "wait") { link("Connected", "on"); $("status").textContent = message.text; }
    else if (message.type === "error") {
      if (message.code === "taken") {  // ask again now and then: the big screen may let this phone in
        link("Refused", "off");
        setTimeout(() => send({ type: "hello", device: device }), 3000);
      }
      problem(message.text);
    } else if (message.type === "bye") { end(message.text); }
  }

  // --- the hand ---------------------------------------------------------------------------
  function show(next) {
    const turnChanged = !hand || hand.version !== next.version;
    hand = next;
    if (turnChanged) stack = [];
    const you = hand.you;
    $("who").textContent = you.name;
    document.title = you.name + ": Finding Satoshi";
    $("usd").textContent = "$" + you.usd;
    $("btc").textContent = you.btc + " BTC";
    $("savings-row").hidden = !you.savings;
    $("savings").textContent = you.savings + " BTC";
    $("jobs").textContent = you.jobs.length ? "Jobs: " + you.jobs.map((j) => j.name).join(", ") : "No job";
    const mine = hand.to_move === hand.seat;
    const status = $("status");
    status.className = "status" + (mine ? " mine" : "");
    if (hand.outcome) status.textContent = "The game is over.";
    else if (mine) status.textContent = hand.phase === "offer" ? "An offer for you: answer it." : "Your turn: choose below.";
    else if (hand.to_move !== null) status.textContent = "Round " + hand.round + ": " + hand.names[hand.to_move] + " is deciding.";
    showTable();
    showOutcome();
    $("choices").hidden = !(mine && hand.choices);
    if (mine && hand.choices) showChoices();
  }

  function showTable() {
    const p = hand.prices;
    $("prices").textContent = "Bitcoin $" + p.bitcoin + " · Food $" + p.food + " · Internet $" + p.internet +
      " · Round " + hand.round;
    const list = $("players");
    list.replaceChildren();
    for (const player of hand.players) {
      const item = el("li", player.seat === hand.to_move ? "moving" : "");
      const top = el("div");
      top.append(el("span", "name", player.name + (player.seat === hand.seat ? " (you)" : "")));
      top.append(document.createTextNode(" · $" + player.usd + " · " + player.btc + " BTC"));
      if (player.seat !== hand.seat && player.role) top.append(document.createTextNode(" · " + roleName(player.role)));
      item.append(top);
      item.append(el("div", "jobs-line", player.jobs.length ? player.jobs.map((j) => j.name).join(", ") : "No job"));
      list.append(item);
    }
  }

  function roleName(role) { return role === "satoshi" ? "Satoshi" : "Bitcoin Geek"; }

  function showOutcome() {
    const out = hand.outcome;
    $("over").hidden = !out;
    if (!out) return;
    const winners = out.winners.length ? out.winners.join(", ") : "nobody";
    const satoshi = out.satoshi ? out.satoshi + " held the Satoshi card." : "The Satoshi card was set aside.";
    $("over-words").textContent = "Won: " + winners + " (Bitcoin at $" + out.price + "). " + satoshi;
  }

  // --- the role card under its cover: the same for every role until held --------------------
  const cover = $("cover");
  function lift() {
    if (!hand) return;
    const c = hand.you.card;
    cover.classList.add("lifted");
    $("cover-words").textContent = c.name + ". " + c.rule.join(" ");
  }
  function lower() {
    cover.classList.remove("lifted");
    $("cover-words").textContent = "Press and hold to see your role";
  }
  cover.addEventListener("pointerdown", (e) => { e.preventDefault(); lift(); });
  for (const name of ["pointerup", "pointercancel", "pointerleave", "blur"]) cover.addEventListener(name, lower);
  cover.addEventListener("keydown", (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); lift(); } });
  cover.addEventListener("keyup", lower);
  cover.addEventListener("contextmenu", (e) => e.preventDefault());
  window.addEventListener("blur", lower);
  document.addEventListener("visibilitychange", lower);

  // --- the choices: the table's decision tree --------------------------------------------------
  function showChoices() {
    const choices = hand.choices;
    $("heading").textContent = choices.heading;
    const top = stack[stack.length - 1];
    $("path").hidden = !top;
    $("title").textContent = top ? top.title : "";
    const box = $("options");
    box.replaceChildren();
    if (top) { top.draw(box); return; }
    for (const node of choices.main) box.append(button(node));
    if (choices.tools.length) {
      box.append(el("div", "group", "Money and guess"));
      for (const node of choices.tools) box.append(button(node));
    }
  }

  function open(title, draw) { stack.push({ title: title, draw: draw }); showChoices(); }
  $("back").addEventListener("click", () => { stack.pop(); problem(""); showChoices(); });

  function button(node, label, detail) {
    const b = el("button", "choice" + (node.primary ? " primary" : ""));
    b.type = "button";
    b.append(el("span", "", label || node.label));
    const words = detail !== undefined ? detail : node.detail;
    if (words) b.append(el("span", "detail", words));
    if (node.kind === "note") { b.disabled = true; return b; }
    b.addEventListener("click", () => choose(node));
    return b;
  }

  function choose(node) {
    if (node.kind === "leaf") {
      if (node.confirm) open(node.label, (box) => confirmBox(box, node));
      else act(node.action);
    } else if (node.kind === "menu") {
      open(node.title, (box) => { for (const item of node.items) box.append(button(item)); });
    } else if (node.kind === "amount") {
      open(node.title, (box) => {
        for (const c of node.choices) box.append(button({ kind: "leaf", action: c.action }, c.label, c.sum));
      });
    } else if (node.kind === "offer") {
      open(node.title, (box) => {
        for (const target of node.targets) {
          const b = el("button", "choice", target.name);
          b.type = "button";
          b.addEventListener("click", () => offerForm(target));
          box.append(b);
        }
      });
    }
  }

  function confirmBox(box, node) {
    box.append(el("p", "", node.confirm));
    for (const [words, tone] of node.stakes) box.append(el("p", "stake " + tone, words));
    const yes = button({ kind: "leaf", primary: true }, "Yes: " + node.label, "");
    yes.addEventListener("click", () => act(node.action));
    box.append(yes);
  }

  function offerForm(target) {
    const names = ["You give $", "You give BTC", "You get $", "You get BTC"];
    open("Offer to " + target.name, (box) => {
      const inputs = names.map((words, i) => {
        const row = el("label", "field");
        row.append(el("span", "", words + " (up to " + target.limits[i] + ")"));
        const input = el("input");
        input.type = "number"; input.inputMode = "numeric"; input.min = "0"; input.max = String(target.limits[i]);
        input.value = "0";
        row.append(input);
        box.append(row);
        return input;
      });
      const sendIt = button({ kind: "leaf", primary: true }, "Send the offer", "The other player answers on her own");
      sendIt.addEventListener("click", () => {
        const n = inputs.map((i) => Math.max(0, Math.floor(Number(i.value) || 0)));
        act("offer " + target.seat + " " + n[0] + "usd " + n[1] + "btc for " + n[2] + "usd " + n[3] + "btc");
      });
      box.append(sendIt);
    });
    stack.splice(stack.length - 2, 1);  // Back from the form goes to the list of partners' parent
  }

  function act(action) {
    problem("");
    send({ type: "act", version: hand.version, action: action });
    $("status").textContent = "Sent: waiting for the table…";
  }

  // a phone that slept: the socket may look open but be dead; a ping shows it
  setInterval(() => { if (ws && ws.readyState === WebSocket.OPEN && Date.now() - lastHello > 15000) send({ type: "ping" }); }, 15000);
  connect();
})();
