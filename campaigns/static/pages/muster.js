/* Muster pages, progressively enhanced: live deadline countdowns, the battle report's round
   slider, the campaign map's zoom, the orders page's path picker, and the language switcher
   submitting on change. Without JavaScript the pages show the server's text, every round's
   battlefield stacked, the map at the page's width, a typed Deploy Army path, and a button to
   switch the language; a form that removes something asks first; a sector battle's orders are
   given by clicking its picture. */
(function () {
  "use strict";

  function pad(n) { return n < 10 ? "0" + n : String(n); }

  function countdown(el) {
    var end = Date.parse(el.getAttribute("datetime"));
    if (isNaN(end)) { return; }
    var target = el.querySelector("[data-countdown-text]") || el;
    function tick() {
      var left = Math.floor((end - Date.now()) / 1000);
      if (left <= 0) {
        target.textContent = el.dataset.passed || "0:00:00";
        return;
      }
      var days = Math.floor(left / 86400);
      var rest = left % 86400;
      var text = pad(Math.floor(rest / 3600)) + ":" + pad(Math.floor(rest % 3600 / 60)) + ":" +
        pad(rest % 60);
      target.textContent = (days ? days + " " + (el.dataset.days || "d") + " " : "") + text;
      window.setTimeout(tick, 1000 - Date.now() % 1000);
    }
    tick();
  }

  function slider(figure) {
    var svg = figure.querySelector("svg.battlefield");
    var input = figure.querySelector("input[type=range]");
    var output = figure.querySelector("output");
    if (!svg || !input) { return; }
    var groups = svg.querySelectorAll("g.battle-round");
    var width = svg.dataset.width, height = svg.dataset.roundHeight;
    function show(index) {
      groups.forEach(function (group, i) {
        group.style.display = i === index ? "" : "none";
        if (i === index) {
          svg.setAttribute("viewBox", "0 " + group.dataset.y + " " + width + " " + height);
          if (output) { output.textContent = group.dataset.label; }
        }
      });
    }
    input.hidden = false;
    if (output) { output.hidden = false; }
    figure.classList.add("enhanced");
    input.addEventListener("input", function () { show(Number(input.value) - 1); });
    show(Number(input.value) - 1);
  }

  // A sector battle's orders given on its picture (the latest one): click one of your units,
  // then a sector (its deployment, or the next sector of its path) or an enemy unit (its
  // target). The form's own fields change, so what is sent is what the form shows; without
  // JavaScript the form is filled by hand.
  function sectorOrders(form) {
    var figure = document.querySelector("figure.sector-battlefield");
    var rounds = figure ? figure.querySelectorAll("g.battle-round") : [];
    if (!rounds.length) { return; }
    var now = rounds[rounds.length - 1];
    var status = document.createElement("output");
    status.className = "sector-pick";
    status.textContent = form.dataset.pickHelp || "";
    figure.appendChild(status);
    figure.classList.add("clickable");
    var chosen = null;
    function field(kind, key) { return form.elements.namedItem(kind + "-" + key); }
    function offers(select, value) {
      return !!select && select.tagName === "SELECT" &&
        Array.prototype.some.call(select.options, function (o) { return o.value === value; });
    }
    function nameOf(key) {
      var legend = form.querySelector("#unit-" + key + " legend");
      return legend ? legend.firstChild.textContent.trim() : key;
    }
    function say(text) { status.textContent = text; }
    function pick(key) {
      now.querySelectorAll("g.unit.picked").forEach(function (g) { g.classList.remove("picked"); });
      form.querySelectorAll("fieldset.picked").forEach(function (f) { f.classList.remove("picked"); });
      chosen = key;
      var unit = now.querySelector("g.unit[data-unit='" + key + "']");
      var fieldset = form.querySelector("#unit-" + key);
      if (unit) { unit.classList.add("picked"); }
      if (fieldset) { fieldset.classList.add("picked"); }
      say(nameOf(key) + ": " + (form.dataset.pickNext || ""));
    }
    now.addEventListener("click", function (event) {
      var unit = event.target.closest("g.unit");
      var key = unit && unit.dataset.unit;
      if (key && (field("place", key) || field("path", key) || field("target", key))) {
        pick(key);
        return;
      }
      if (!chosen) { return; }
      var target = field("target", chosen);
      if (key && offers(target, key)) {
        target.value = key;
        say(nameOf(chosen) + " → " + target.options[target.selectedIndex].text);
        return;
      }
      var marker = event.target.closest("[data-marker]");
      if (marker && offers(target, marker.dataset.marker)) {
        target.value = marker.dataset.marker;
        say(nameOf(chosen) + " → " + target.options[target.selectedIndex].text);
        return;
      }
      var cell = event.target.closest("[data-sector]");
      var sector = cell && cell.dataset.sector;
      if (!sector && event.target.closest("[data-reserve]")) { sector = "reserve"; }
      if (!sector) { return; }
      var place = field("place", chosen), path = field("path", chosen);
      if (offers(place, sector)) {
        place.value = sector;
        say(nameOf(chosen) + " → " + sector);
      } else if (path && path.tagName === "INPUT") {
        path.value = (path.value.trim() + " " + sector).trim();
        say(nameOf(chosen) + ": " + path.value);
      }
    });
  }

  // The campaign map: zoom buttons widen the picture; its frame scrolls to pan.
  function mapZoom(figure) {
    var svg = figure.querySelector("svg");
    var buttons = figure.querySelector(".map-zoom");
    if (!svg || !buttons) { return; }
    var scale = 1;
    buttons.hidden = false;
    buttons.querySelectorAll("button[data-zoom]").forEach(function (button) {
      button.addEventListener("click", function () {
        scale = Math.min(4, Math.max(1, scale * Number(button.dataset.zoom)));
        svg.setAttribute("width", Math.round(scale * 100) + "%");
      });
    });
  }

  // The orders page's path picker (turns/pages/orders.py): a hex picked on the map goes at the end
  // of the Deploy Army's path and becomes its destination; picking the path's last hex again
  // takes it back. The army's own hex is not part of the path (the rules start from it).
  function pathPicker(figure) {
    var form = document.getElementById(figure.dataset.form);
    var path = form && form.elements.namedItem("path");
    var destination = form && form.elements.namedItem("destination");
    if (!path || !destination) { return; }
    var start = figure.dataset.start;
    var readout = figure.querySelector(".path-readout");
    function hexes() { return path.value.toUpperCase().split(/[\s,;]+/).filter(Boolean); }
    function show() {
      var route = hexes();
      figure.querySelectorAll("a.hex").forEach(function (link) {
        var polygon = link.querySelector("polygon");
        if (polygon) { polygon.classList.toggle("in-path", route.indexOf(link.dataset.hex) >= 0); }
      });
      readout.textContent = route.length ? [start].concat(route).join(" → ") : "";
    }
    function pick(coord) {
      var route = hexes();
      if (route.length && route[route.length - 1] === coord) {
        route.pop();
      } else if (route.length || coord !== start) {
        route.push(coord);
      }
      path.value = route.join(" ");
      if (route.length) { destination.value = route[route.length - 1]; }
      show();
    }
    figure.querySelector(".picker-hint").hidden = false;
    figure.querySelector(".picker-typed").hidden = true;
    figure.querySelector(".path-tools").hidden = false;
    figure.querySelectorAll("a[data-hex]").forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        pick(link.dataset.hex);
      });
    });
    figure.querySelector(".clear-path").addEventListener("click", function () {
      path.value = "";
      show();
    });
    path.addEventListener("input", show);
    readout.textContent = hexes().length ? [start].concat(hexes()).join(" → ") : "";
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("time[data-countdown]").forEach(countdown);
    document.querySelectorAll("figure.campaign-map").forEach(mapZoom);
    document.querySelectorAll("figure.path-picker").forEach(pathPicker);
    document.querySelectorAll("figure.battlefield").forEach(slider);
    document.querySelectorAll("form.sector-orders-form").forEach(sectorOrders);
    // A tooltip on a phone: tap a condition to read what it does.
    document.querySelectorAll(".tag[title]").forEach(function (tag) {
      function toggle() { tag.classList.toggle("open"); }
      tag.addEventListener("click", toggle);
      tag.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); }
      });
    });
    document.querySelectorAll("form.language select").forEach(function (select) {
      var button = select.form.querySelector("button");
      if (button) { button.hidden = true; }
      select.addEventListener("change", function () { select.form.submit(); });
    });
    // A step the GM cannot take back (removing a member) asks first.
    document.querySelectorAll("form[data-confirm]").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        if (!window.confirm(form.dataset.confirm)) { event.preventDefault(); }
      });
    });
  });
})();
