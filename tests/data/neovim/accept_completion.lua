-- Accept one completion item in a real Neovim, as a user would, and write the line it leaves.
local out = vim.env.NVIM_OUT
local label = vim.env.NVIM_LABEL
local mode = vim.env.NVIM_MODE  -- "enable" (vim.lsp.completion) or "omni" (omnifunc only)
local function finish(text)
  local f = io.open(out, 'w'); f:write(text); f:close()
  vim.cmd('qa!')
end
vim.defer_fn(function() finish('TIMEOUT') end, tonumber(vim.env.NVIM_TIMEOUT or '60000'))
vim.o.completeopt = 'menuone,noselect'
vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.NVIM_FILE))
local id = vim.lsp.start({name = 'deckcli', cmd = vim.split(vim.env.NVIM_SERVER, '\t'),
                          root_dir = vim.fn.fnamemodify(vim.env.NVIM_FILE, ':h')})
local function poll(test, next_step)
  local timer = vim.uv.new_timer()
  timer:start(50, 50, vim.schedule_wrap(function()
    if test() then timer:stop(); timer:close(); next_step() end
  end))
end
poll(function() local c = vim.lsp.get_client_by_id(id); return c and c.initialized end, function()
  if mode == 'enable' then vim.lsp.completion.enable(true, id, 0, {autotrigger = false}) end
  vim.api.nvim_win_set_cursor(0, {tonumber(vim.env.NVIM_ROW), 0})
  vim.api.nvim_feedkeys('A', 'n', false)
  poll(function() return vim.api.nvim_get_mode().mode == 'i' end, function()
    if mode == 'enable' then vim.lsp.completion.get()
    else vim.api.nvim_feedkeys(vim.keycode('<C-x><C-o>'), 'n', false) end
    poll(function() return vim.fn.pumvisible() == 1 end, function()
      local items = vim.fn.complete_info({'items'}).items
      local index
      for i, item in ipairs(items) do if item.abbr == label then index = i; break end end
      if not index then finish('NO ITEM ' .. label); return end
      vim.api.nvim_feedkeys(vim.keycode(string.rep('<C-n>', index) .. '<C-y>'), 'n', false)
      -- accepted once the menu is gone; then back to normal mode, and the line is read
      poll(function() return vim.fn.pumvisible() == 0 end, function()
        vim.api.nvim_feedkeys(vim.keycode('<Esc>'), 'n', false)
        poll(function() return vim.api.nvim_get_mode().mode == 'n' end, function()
          finish(vim.api.nvim_buf_get_lines(0, tonumber(vim.env.NVIM_ROW) - 1,
                                            tonumber(vim.env.NVIM_ROW), false)[1])
        end)
      end)
    end)
  end)
end)
