-- A designer's Neovim, headless: attach `chronicler lsp` to the .rules file being edited, wait
-- for the diagnostics it publishes, ask for a completion, and write what Neovim received as
-- JSON to $CHRONICLER_NVIM_OUT. Run by tests/editor/test_neovim.py.
local out = os.getenv("CHRONICLER_NVIM_OUT")
local command = vim.fn.json_decode(os.getenv("CHRONICLER_LSP_COMMAND"))
local line = tonumber(os.getenv("CHRONICLER_COMPLETE_LINE"))
local column = tonumber(os.getenv("CHRONICLER_COMPLETE_COLUMN"))
local result = { version = vim.version() }

local function finish()
  local file = io.open(out, "w")
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd("qall!")
end

local config = {
  name = "chronicler",
  cmd = command,
  root_dir = vim.fn.expand("%:p:h"),
}
local client
if vim.lsp.start then -- Neovim 0.8 and later
  client = vim.lsp.start(config)
else
  client = vim.lsp.start_client(config)
  vim.lsp.buf_attach_client(0, client)
end
result.client = client

local ok = vim.wait(120000, function()
  return #vim.diagnostic.get(0) > 0
end, 100)
result.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(result.diagnostics, {
    line = d.lnum, column = d.col, severity = d.severity, message = d.message,
  })
end
result.waited = ok

local params = {
  textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = line, character = column },
}
local answers = vim.lsp.buf_request_sync(0, "textDocument/completion", params, 60000) or {}
result.completion = {}
for _, answer in pairs(answers) do
  local items = answer.result and (answer.result.items or answer.result) or {}
  for _, item in ipairs(items) do
    table.insert(result.completion, { label = item.label, kind = item.kind, detail = item.detail })
  end
end
finish()
