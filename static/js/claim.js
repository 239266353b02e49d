// A claim's form shows the target card, the direction, the cancelled rule, the rank chosen and
// the further cards only where the rule typed reads them (the box's data-claim-reads: rule ->
// fields; data-claim-prefix: the prefix of its fields' names, as in the correction form's claim
// to add). Without this script every field shows, and the server refuses what the rule does not read.
(function () {
  function normal(rule) {
    return rule.trim().toUpperCase().replace(/\s+/g, "").replace(/^М/, "M");
  }
  function update(box) {
    var reads = JSON.parse(box.dataset.claimReads || "{}");
    var prefix = box.dataset.claimPrefix || "";
    var rule = box.querySelector('[name="' + prefix + 'rule"]');
    var wanted = reads[normal(rule ? rule.value : "")] || [];
    box.querySelectorAll("[data-claim-field]").forEach(function (field) {
      var name = field.dataset.claimField;
      var input = field.querySelector('[name="' + prefix + name + '"]');
      var keep = wanted.indexOf(name) >= 0 || field.querySelector(".field-error");
      field.hidden = !keep;
      if (input) { input.disabled = !keep; }
    });
  }
  function setup() {
    document.querySelectorAll("[data-claim-reads]").forEach(function (box) {
      if (box.dataset.claimReady) { return; }
      box.dataset.claimReady = "1";
      update(box);
      var prefix = box.dataset.claimPrefix || "";
      box.addEventListener("input", function (event) {
        if (event.target.name === prefix + "rule") { update(box); }
      });
    });
  }
  document.addEventListener("DOMContentLoaded", setup);
  document.addEventListener("htmx:afterSettle", setup);
})();
