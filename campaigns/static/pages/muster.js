/* Muster pages, progressively enhanced: live deadline countdowns, the battle report's round
   slider, the campaign map's zoom, the orders page's path picker, and the language switcher
   submitting on change. Without JavaScript the pages show the server's text, every round's
   battlefield stacked, the map at the page's width, a typed Deploy Army path, and a button to
   switch the language; a form that removes something asks first. */
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
