// The API docs page: the app's own OpenAPI schema as a list of endpoints, each with
// its body's fields and its answers. It needs nothing from the network.
"use strict";

// A schema's type in words, following $ref to the named models.
function typeOf(schema, spec) {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.split("/").pop();
  if (schema.anyOf) return schema.anyOf.map(s => typeOf(s, spec)).join(" or ");
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
      ? "default " + escapeHtml(JSON.stringify(field.default)) : ""}</td></tr>`);
  return `<p>${escapeHtml(body.description || "")}</p><div class="scroll"><table class="data">` +
    "<tr><th>field</th><th>type</th><th></th></tr>" + rows.join("") + "</table></div>";
}

function endpointHtml(path, method, operation, spec) {
  const parts = [`<h3>${method.toUpperCase()} ${escapeHtml(path)}</h3>`,
                 `<p>${escapeHtml(operation.summary || "")}</p>`];
  const query = (operation.parameters || []).map(p =>
    `<code>${escapeHtml(p.name)}</code> (${p.in}, ${escapeHtml(typeOf(p.schema, spec))})`);
  if (query.length) parts.push(`<p>Parameters: ${query.join(", ")}</p>`);
  const body = operation.requestBody && operation.requestBody.content["application/json"];
  if (body) parts.push(fieldsHtml(body.schema, spec));
  const answers = Object.entries(operation.responses || {}).map(([code, r]) =>
    `${code} ${escapeHtml(r.description || "")}`);
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
    document.getElementById("endpoints").innerHTML = html.join("");
  } catch (error) {
    showError(error);
  }
}
showDocs();
