// The Python side of a parameter list (common/param_list.h), for the bindings (host compiler,
// pybind11): in a function that holds `py::class_<Params> params_class`,
//   LIST(DASH_BIND_PARAM)                                        one attribute per field
//   set_field_names(params_class, {LIST(DASH_PARAM_NAME)});      Params.fields, in order
#pragma once
#include <pybind11/pybind11.h>

#include <string>
#include <type_traits>
#include <vector>

#include "common/param_list.h"

#define DASH_BIND_PARAM(field_type, field_name, field_default) \
  params_class.def_readwrite(#field_name, &std::remove_reference_t<decltype(params_class)>::type::field_name);

namespace dash {

template <class Params>
void set_field_names(pybind11::class_<Params>& cls, std::vector<std::string> const& fields) {
  pybind11::tuple names(fields.size());
  for (std::size_t i = 0; i < fields.size(); ++i) names[i] = fields[i];
  cls.attr("fields") = names;
}

}  // namespace dash
