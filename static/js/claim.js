// The claim form shows the target card, the direction and the cancelled rule only where the rule
// typed reads them (the form's data-claim-reads: rule -> fields). Without this script every field
// shows, and the server refuses what the rule does not read.
(function () {
  function normal(rule) {
    return rule.trim().toUpperCase().replace(/\s+/g, "").replace(/^М/, "M");
  }
  function update(form) {
    var reads = JSON.parse(form.dataset.claimReads || "{}");
    var rule = form.querySelector("[name=rule]");
    var wanted = reads[normal(rule ? rule.value : "")] || [];
    form.querySelectorAll("[data-claim-field]").forEach(function (box) {
      var name = box.dataset.claimField;
      var input = box.querySelector("[name=" + name + "]");
      var keep = wanted.indexOf(name) >= 0 || box.querySelector(".field-error");
      box.hidden = !keep;
      if (input) { input.disabled = !keep; }
    });
  }
  function setup() {
    document.querySelectorAll("form[data-claim-reads]").forEach(function (form) {
      update(form);
      form.addEventListener("input", function (event) {
        if (event.target.name === "rule") { update(form); }
      });
    });
  }
  document.addEventListener("DOMContentLoaded", setup);
  document.addEventListener("htmx:afterSettle", setup);
})();
