// The badge-model VM's measurements for the harness (tools/vm/cpvm/vm_run.py), in a module of its
// own: no board's firmware has it, and the game never imports it. A board's micropython module
// has no mem_info or qstr_info (CIRCUITPY_MICROPYTHON_ADVANCED is 0 for every board), so the
// VM built as the badge has none either; these print what the Unix port's would.
#include "py/gc.h"
#include "py/mpprint.h"
#include "py/qstr.h"
#include "py/runtime.h"

static mp_obj_t vmstat_mem_info(void) {
    gc_dump_info(&mp_plat_print);  // "GC: total ... max free sz: N" (16-byte blocks)
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_0(vmstat_mem_info_obj, vmstat_mem_info);

static mp_obj_t vmstat_qstr_info(void) {
    size_t n_pool, n_qstr, n_str_data_bytes, n_total_bytes;
    qstr_pool_info(&n_pool, &n_qstr, &n_str_data_bytes, &n_total_bytes);
    mp_printf(&mp_plat_print,
        "qstr pool: n_pool=%u, n_qstr=%u, n_str_data_bytes=%u, n_total_bytes=%u\n",
        (uint)n_pool, (uint)n_qstr, (uint)n_str_data_bytes, (uint)n_total_bytes);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_0(vmstat_qstr_info_obj, vmstat_qstr_info);

static const mp_rom_map_elem_t vmstat_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_vmstat) },
    { MP_ROM_QSTR(MP_QSTR_mem_info), MP_ROM_PTR(&vmstat_mem_info_obj) },
    { MP_ROM_QSTR(MP_QSTR_qstr_info), MP_ROM_PTR(&vmstat_qstr_info_obj) },
};
static MP_DEFINE_CONST_DICT(vmstat_globals, vmstat_globals_table);

const mp_obj_module_t vmstat_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&vmstat_globals,
};

MP_REGISTER_MODULE(MP_QSTR_vmstat, vmstat_module);
