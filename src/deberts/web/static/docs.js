// The API docs page: the app's own OpenAPI schema as a list of endpoints, each with
// its body's fields and what they mean, its example request (sent to this server on a
// click, the real answer shown) and its errors. It needs nothing from the network.
"use strict";

// The framework's own status for a body it refuses, which this app answers as 400.
const REFUSED = "422";

// A description's text with its `code` spans (one or two backticks) as code.
function prose(text) {
  return escapeHtml(text || "").replace(/``?([^`]+)``?/g, "<code>$1</code>");
}

// A schema's type in words, following $ref to the named models.
function typeOf(schema, spec) {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.split("/").pop();
  if (schema.anyOf) return schema.anyOf.map(s => typeOf(s, spec)).join(" or ");
  if (schema.oneOf) return schema.oneOf.map(s => typeOf(s, spec)).join(" or ");
  if (schema.type === "array") return `list of ${typeOf(schema.items, spec) || "values"}`;
  if (schema.type === "object" && schema.additionalProperties) {
    return `object of ${typeOf(schema.additionalProperties, spec) || "values"}`;
  }
  return schema.type || "";
}

function model(ref, spec) {
  return ref && ref.$ref ? spec.components.schemas[ref.$ref.split("/").pop()] : ref;
}

function fieldsHtml(schema, spec) {
  const body = model(schema, spec);
  if (!body || !body.properties) return "";
  const required = new Set(body.required || []);
  const rows = Object.entries(body.properties).map(([name, field]) =>
    `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(typeOf(field, spec))}</td>` +
    `<td>${required.has(name) ? "required" : field.default !== undefined
      ? "default " + escapeHtml(JSON.stringify(field.default)) : ""}</td>` +
    `<td>${prose(field.description)}</td></tr>`);
  return `<p>${prose(body.description)}</p><div class="scroll"><table class="data fields">` +
    "<tr><th>field</th><th>type</th><th></th><th>meaning</th></tr>" + rows.join("") +
    "</table></div>";
}

// The body's first example with a button that sends it and shows the answer.
function exampleHtml(path, method, schema, spec) {
  const body = model(schema, spec);
  const example = body && body.examples && body.examples[0];
  if (!example) return "";
  const text = JSON.stringify(example);
  return `<p>Example: <code>${method.toUpperCase()} ${escapeHtml(path)}</code> ` +
    `<code>${escapeHtml(text)}</code> <button type="button" class="try" ` +
    `data-path="${escapeHtml(path)}" data-method="${method}" ` +
    `data-body="${escapeHtml(text)}">Send it</button></p><pre class="answer" hidden></pre>`;
}

async function sendExample(button) {
  const answer = button.parentElement.nextElementSibling;
  const response = await fetch(button.dataset.path, {
    method: button.dataset.method.toUpperCase(),
    headers: {"Content-Type": "application/json"}, body: button.dataset.body});
  const shown = JSON.stringify(await response.json(), (key, value) =>
    typeof value === "string" && value.length > 100 ? value.slice(0, 60) + "…" : value, 2);
  answer.textContent = `status ${response.status}\n${shown}`;
  answer.hidden = false;
}

function endpointHtml(path, method, operation, spec) {
  const parts = [`<h3>${method.toUpperCase()} ${escapeHtml(path)}</h3>`,
                 `<p>${prose(operation.summary)}</p>`];
  const query = (operation.parameters || []).map(p =>
    `<code>${escapeHtml(p.name)}</code> (${p.in}, ${escapeHtml(typeOf(p.schema, spec))})`);
  if (query.length) parts.push(`<p>Parameters: ${query.join(", ")}</p>`);
  const body = operation.requestBody && operation.requestBody.content["application/json"];
  if (body) {
    // A position of any game is one of the games' own bodies, each shown apart.
    for (const schema of body.schema.oneOf || [body.schema]) {
      if (body.schema.oneOf) parts.push(`<h4>${escapeHtml(model(schema, spec).title || "")}</h4>`);
      parts.push(fieldsHtml(schema, spec), exampleHtml(path, method, schema, spec));
    }
  }
  const answers = Object.entries(operation.responses || {}).filter(([code]) => code !== REFUSED)
    .map(([code, r]) => `${code} ${prose(r.description)}`);
  parts.push(`<p>Answers: ${answers.join("; ")}</p>`);
  return parts.join("");
}

async function showDocs() {
  try {
    const response = await fetch("/openapi.json");
    const spec = await response.json();
    const html = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        html.push(endpointHtml(path, method, operation, spec));
      }
    }
    const endpoints = document.getElementById("endpoints");
    endpoints.innerHTML = html.join("");
    endpoints.addEventListener("click", event => {
      if (event.target.matches("button.try")) sendExample(event.target).catch(showError);
    });
  } catch (error) {
    showError(error);
  }
}
showDocs();
